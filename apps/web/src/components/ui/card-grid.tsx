import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A named list of cards in as many columns as fit, each at least `minWidth` px (one column on a
 * narrow screen). Its items are `<li>`s; `busy` dims it while the next page loads.
 */
export function CardGrid({
  label,
  minWidth,
  busy = false,
  children,
}: {
  label: string;
  minWidth: number;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={busy || undefined}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${minWidth}px), 1fr))`,
        opacity: busy ? 0.6 : 1,
      }}
    >
      {children}
    </Box>
  );
}
