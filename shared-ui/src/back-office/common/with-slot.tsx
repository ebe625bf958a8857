import type { ReactNode } from 'react';

const SLOT = '\u0000';

/**
 * A sentence translated whole with an element (code, a link) where its placeholder is: `translate` gets the slot's
 * marker as the placeholder's value, e.g. `withSlot((h) => i18n._('With the header {header}.', { header: h }), <code>…</code>)`.
 */
export function withSlot(translate: (slot: string) => string, element: ReactNode): ReactNode {
  const [before = '', ...rest] = translate(SLOT).split(SLOT);
  return <>{before}{element}{rest.join('')}</>;
}
