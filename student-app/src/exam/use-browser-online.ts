/** The browser's word on its connection, followed (the exam page and the start page). */
import { useSyncExternalStore } from 'react';
import { browserOnline } from './retry';

export function useBrowserOnline(): boolean {
  return useSyncExternalStore((fn) => {
    window.addEventListener('online', fn);
    window.addEventListener('offline', fn);
    return () => {
      window.removeEventListener('online', fn);
      window.removeEventListener('offline', fn);
    };
  }, browserOnline);
}
