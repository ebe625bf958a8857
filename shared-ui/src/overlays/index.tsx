/**
 * Lazy stand-ins for Chakra's heavy compound components. `Dialog`, `Menu`, `Tabs`, `Progress` and `Switch` keep
 * Chakra's API (`<Dialog.Root>`, `<Dialog.Content>`, ...): the Root suspends (inside its own boundary, rendering
 * nothing) until ./heavy.tsx has arrived, then renders the real part with its recipe; every other part only ever
 * renders inside a Root, when the module is already here.
 *
 * Loading starts when a Root first mounts (a page with a dialog fetches it with the page) or earlier through
 * `preloadOverlays()` (the account menu does so on hover or focus).
 */
import { Suspense, use, type ComponentType, type ReactNode } from 'react';
import type * as Chakra from '@chakra-ui/react';

type Heavy = typeof import('./heavy');
type Name = keyof Heavy['parts'];

let loaded: Heavy | undefined;
let pending: Promise<Heavy> | undefined;

/** Fetches the heavy half once; a failed fetch (offline) is retried on the next call. */
export function preloadOverlays(): Promise<Heavy> {
  pending ??= import(/* webpackChunkName: "ui-overlays" */ './heavy').then(
    (m) => (loaded = m),
    (err: unknown) => {
      pending = undefined;
      throw err;
    },
  );
  return pending;
}

/** The heavy module if it has arrived. */
export const overlaysNow = (): Heavy | undefined => loaded;

let settling: Promise<Heavy | null> | undefined;
/** The same fetch, settled: null when it failed (then the next call tries again). */
function loadSettled(): Promise<Heavy | null> {
  settling ??= preloadOverlays().then(
    (m) => m,
    () => {
      settling = undefined;
      return null;
    },
  );
  return settling;
}

/**
 * Suspends until the heavy module is here (for components under a Suspense boundary); null if it could not be
 * fetched (offline): the caller renders nothing rather than failing the page.
 */
export function useOverlays(): Heavy | null {
  return loaded ?? use(loadSettled());
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyProps = Record<string, any> & { children?: ReactNode };

function lazyNamespace<N extends Name>(name: N): Heavy['parts'][N] {
  const cache = new Map<string, ComponentType<AnyProps>>();
  const make = (part: string): ComponentType<AnyProps> => {
    const isRoot = part === 'Root' || part === 'RootProvider';
    const Part = (props: AnyProps) => {
      const m = useOverlays();
      if (!m) return null;
      const Real = (m.parts[name] as unknown as Record<string, ComponentType<AnyProps>>)[part];
      if (!Real) throw new Error(`${name}.${part} is not a part of Chakra's ${name}`);
      return isRoot ? <Real recipe={m.recipes[name]} {...props} /> : <Real {...props} />;
    };
    Part.displayName = `${name}.${part}`;
    if (!isRoot) return Part;
    const Root = (props: AnyProps) => (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
    Root.displayName = `${name}.${part}`;
    return Root;
  };
  return new Proxy({} as Heavy['parts'][N], {
    get(_, part) {
      if (typeof part !== 'string') return undefined;
      let c = cache.get(part);
      if (!c) cache.set(part, (c = make(part)));
      return c;
    },
  });
}

export const Dialog: typeof Chakra.Dialog = lazyNamespace('Dialog');
export const Menu: typeof Chakra.Menu = lazyNamespace('Menu');
export const Tabs: typeof Chakra.Tabs = lazyNamespace('Tabs');
export const Progress: typeof Chakra.Progress = lazyNamespace('Progress');
export const Switch: typeof Chakra.Switch = lazyNamespace('Switch');
