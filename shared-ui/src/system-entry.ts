/**
 * shared-ui/system: the UI kit's theme and Chakra's system alone, for the shell to build before the rest of the kit
 * is evaluated (shell/src/index.ts), each in a task of its own. The same module the kit itself uses (./system): one
 * system. Only this name is exported, so the build keeps nothing else of ./system for it.
 */
export { buildSystem } from './system';
