/**
 * Avatar with Chakra's API and recipe (Avatar.Root / Avatar.Fallback / Avatar.Image, `size`), without Chakra's
 * implementation, which brings a state machine (zag) for image loading: ~5 kB gz in every first render for the
 * header's initials. Same behaviour the product uses: the initials show until the image has loaded, and again if
 * it fails.
 */
import { chakra, createSlotRecipeContext, type HTMLChakraProps, type SlotRecipeProps } from '@chakra-ui/react';
import { createContext, forwardRef, useContext, useState } from 'react';
import { avatarInitials } from '../names';

const { withProvider, withContext } = createSlotRecipeContext({ key: 'avatar' });

type Loaded = [boolean, (loaded: boolean) => void];
const LoadedContext = createContext<Loaded>([false, () => undefined]);

export interface AvatarRootProps extends HTMLChakraProps<'div', SlotRecipeProps<'avatar'>> {}
const StyledRoot = withProvider<HTMLDivElement, AvatarRootProps>(chakra.div, 'root');
const Root = forwardRef<HTMLDivElement, AvatarRootProps>(function AvatarRoot(props, ref) {
  const loaded = useState(false);
  return (
    <LoadedContext.Provider value={loaded}>
      <StyledRoot ref={ref} {...props} />
    </LoadedContext.Provider>
  );
});

export interface AvatarFallbackProps extends HTMLChakraProps<'div'> { name?: string }
const StyledFallback = withContext<HTMLDivElement, HTMLChakraProps<'div'>>(chakra.div, 'fallback');
const Fallback = forwardRef<HTMLDivElement, AvatarFallbackProps>(function AvatarFallback({ name, children, ...rest }, ref) {
  const [loaded] = useContext(LoadedContext);
  if (loaded) return null;
  return <StyledFallback ref={ref} {...rest}>{children ?? (name ? avatarInitials(name) : null)}</StyledFallback>;
});

export interface AvatarImageProps extends HTMLChakraProps<'img'> {}
const StyledImage = withContext<HTMLImageElement, AvatarImageProps>(chakra.img, 'image');
const Image = forwardRef<HTMLImageElement, AvatarImageProps>(function AvatarImage(props, ref) {
  const [loaded, setLoaded] = useContext(LoadedContext);
  return (
    <StyledImage
      ref={ref}
      draggable="false"
      referrerPolicy="no-referrer"
      {...props}
      hidden={!loaded}
      onLoad={(e) => { setLoaded(true); props.onLoad?.(e); }}
      onError={(e) => { setLoaded(false); props.onError?.(e); }}
    />
  );
});

export const Avatar = { Root, Fallback, Image };
