/**
 * Lazy stand-ins for Chakra's heavy compound components (state machines from zag: most of Chakra's weight).
 * `Dialog`, `Menu`, `Tabs`, `Progress`, `Switch`, and the parts only later screens use (`Table`, `NativeSelect`, `Card`,
 * `List`, `Textarea`, `ButtonGroup`, `Separator`: not on anyone's first render) keep Chakra's API (`<Dialog.Root>`, `<Dialog.Content>`, ...): the
 * Root suspends (inside its own boundary, rendering nothing) until its module (./dialog.ts, ...: one chunk each)
 * has arrived, then renders the real part with its recipe (the recipes are not in the system, shared-ui/src/system.ts);
 * every other part only ever renders inside a Root, when the module is already here.
 *
 * Loading starts when a Root first mounts (a page with a dialog fetches it with the page) or earlier through
 * `preloadOverlays(...)` (the account menu on hover or focus, the exam's start page for the exam's dialogs).
 * If the module cannot be fetched (offline), the Root renders nothing and the next mount tries again.
 */
import { Suspense, use, type ComponentType, type ReactNode } from 'react';
import type * as Chakra from '@chakra-ui/react';
import { lazyModule, type LazyModule } from 'shared-api';
import type { ConfirmDialogProps } from '../components/confirm-dialog';

const fetchers = {
  Dialog: () => import(/* webpackChunkName: "ui-dialog" */ './dialog'),
  Menu: () => import(/* webpackChunkName: "ui-menu" */ './menu'),
  Tabs: () => import(/* webpackChunkName: "ui-tabs" */ './tabs'),
  Progress: () => import(/* webpackChunkName: "ui-progress" */ './progress'),
  Switch: () => import(/* webpackChunkName: "ui-switch" */ './switch'),
  Toast: () => import(/* webpackChunkName: "ui-toast" */ './toast'),
  Table: () => import(/* webpackChunkName: "ui-table" */ './table'),
  NativeSelect: () => import(/* webpackChunkName: "ui-native-select" */ './native-select'),
  Card: () => import(/* webpackChunkName: "ui-card" */ './card'),
  List: () => import(/* webpackChunkName: "ui-list" */ './list'),
  Extras: () => import(/* webpackChunkName: "ui-extras" */ './extras'),
};
type Fetchers = typeof fetchers;
export type OverlayName = keyof Fetchers;
type Loaded<N extends OverlayName> = Awaited<ReturnType<Fetchers[N]>>;

const modules = Object.fromEntries(Object.entries(fetchers).map(([name, fetch]) => [name, lazyModule<unknown>(fetch)]));
const moduleOf = <N extends OverlayName>(name: N) => modules[name] as LazyModule<Loaded<N>>;

/** Fetches one module once; a failed fetch (offline) is retried on the next call. */
export const loadOverlay = <N extends OverlayName>(name: N): Promise<Loaded<N>> => moduleOf(name).load();

/** Fetches these modules ahead of need (never rejects). */
export function preloadOverlays(...names: OverlayName[]): Promise<void> {
  return Promise.all(names.map((n) => moduleOf(n).settled())).then(() => undefined);
}

/** The module if it has arrived. */
export const overlayNow = <N extends OverlayName>(name: N): Loaded<N> | undefined => moduleOf(name).now();

/** Suspends until the module is here (under a Suspense boundary); null if it could not be fetched. */
export function useOverlay<N extends OverlayName>(name: N): Loaded<N> | null {
  const m = moduleOf(name);
  return m.now() ?? use(m.settled());
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyProps = Record<string, any> & { children?: ReactNode };
type PartName = Exclude<OverlayName, 'Toast' | 'Extras'>;

function lazyNamespace<N extends PartName>(name: N): Loaded<N>['part'] {
  const cache = new Map<string, ComponentType<AnyProps>>();
  const make = (part: string): ComponentType<AnyProps> => {
    const isRoot = part === 'Root' || part === 'RootProvider';
    const Part = (props: AnyProps) => {
      const m = useOverlay(name);
      if (!m) return null;
      const Real = (m.part as unknown as Record<string, ComponentType<AnyProps>>)[part];
      if (!Real) throw new Error(`${name}.${part} is not a part of Chakra's ${name}`);
      return isRoot ? <Real recipe={m.recipe} {...props} /> : <Real {...props} />;
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
  return new Proxy({} as Loaded<N>['part'], {
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
export const Table: typeof Chakra.Table = lazyNamespace('Table');
export const NativeSelect: typeof Chakra.NativeSelect = lazyNamespace('NativeSelect');
export const Card: typeof Chakra.Card = lazyNamespace('Card');
export const List: typeof Chakra.List = lazyNamespace('List');

/** A plain component of ./extras, fetched on first use: renders nothing until it is here (or if it cannot be fetched). */
function lazyExtra<C extends 'ButtonGroup' | 'Textarea' | 'Separator'>(name: C): (typeof Chakra)[C] {
  const Part = (props: AnyProps) => {
    const m = useOverlay('Extras');
    if (!m) return null;
    const Real = m[name] as unknown as ComponentType<AnyProps>;
    const recipe = name === 'Textarea' ? m.textareaRecipe : name === 'Separator' ? m.separatorRecipe : undefined;
    return recipe ? <Real recipe={recipe} {...props} /> : <Real {...props} />;
  };
  const Lazy = (props: AnyProps) => (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
  Lazy.displayName = name;
  return Lazy as unknown as (typeof Chakra)[C];
}
export const Textarea = lazyExtra('Textarea');
export const Separator = lazyExtra('Separator');

/**
 * The kit's ConfirmDialog (../components/confirm-dialog.tsx), which comes with the Dialog's chunk: until it is here,
 * nothing shows (as with Dialog.Root).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Suspense fallback={null}>
      <LoadedConfirmDialog {...props} />
    </Suspense>
  );
}
function LoadedConfirmDialog(props: ConfirmDialogProps) {
  const m = useOverlay('Dialog');
  return m ? <m.ConfirmDialog {...props} /> : null;
}
export const ButtonGroup = lazyExtra('ButtonGroup');
