/** shared-ui: the one door to Chakra, emotion and the router; the product's UI kit and shared screens. */
export * from './chakra';
export * from './router';
export { getSystem } from './system';
export * from './toaster';
export * from './provider';
export * from './layout/app-layout';
export * from './components/states';
export * from './components/error-boundary';
export * from './components/confirm-dialog';
export * from './components/text-field';
export * from './components/scroll-x';
export * from './components/data-table';
export * from './components/not-found';
export * from './components/dashboard';
export * from './features';
export * from './components/lazy-screen';
export * from './charts';
