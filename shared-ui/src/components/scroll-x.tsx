/**
 * A region that scrolls sideways (a wide table on a phone), reachable with the keyboard: focusable and named, so a
 * keyboard user can scroll it with the arrow keys even when nothing inside it takes focus (WCAG 2.1.1; axe's
 * scrollable-region-focusable).
 */
import type { ReactNode } from 'react';
import { Box } from '@chakra-ui/react';

export function ScrollX({ label, children, mt }: { label: string; children: ReactNode; mt?: string }) {
  return (
    <Box overflowX="auto" tabIndex={0} role="region" aria-label={label} mt={mt}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}>
      {children}
    </Box>
  );
}
