/** True on a short landscape screen (a phone turned sideways): the student layout moves its links to the top bar. */
import { useEffect, useState } from 'react';
import { LANDSCAPE_QUERY } from './landscape-query';

export function useShortLandscape(): boolean {
  const get = () => typeof window !== 'undefined' && !!window.matchMedia?.(LANDSCAPE_QUERY).matches;
  const [match, setMatch] = useState(get);
  useEffect(() => {
    const mq = window.matchMedia?.(LANDSCAPE_QUERY);
    if (!mq) return;
    const on = () => setMatch(mq.matches);
    on();
    mq.addEventListener?.('change', on);
    return () => mq.removeEventListener?.('change', on);
  }, []);
  return match;
}
