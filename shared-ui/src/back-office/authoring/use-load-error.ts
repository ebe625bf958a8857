import { useEffect } from 'react';
import { errorText } from 'shared-api';
import { notify } from 'shared-ui';

/** Raises the spec's load-failure toast once per failure. */
export function useLoadErrorToast(isError: boolean, error: unknown, title: string, fallback?: string) {
  useEffect(() => {
    if (isError) notify.error(title, errorText(error, fallback ?? ''), `load-${title}`);
  }, [isError, error, title, fallback]);
}
