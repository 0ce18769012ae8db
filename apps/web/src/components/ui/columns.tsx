import Box from '@mui/material/Box';
import type { Breakpoint, SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** Two halves: a form beside what it answers (a simulation, a trial), an ad beside its backup image. */
const HALVES = 'minmax(0, 1fr) minmax(0, 1fr)';

/** A form at its reading width, with what goes beside it (its facts, a test panel). */
export const FORM_AND_ASIDE = 'minmax(0, 720px) minmax(320px, 1fr)';

/**
 * Its children side by side from the `from` breakpoint up, in the columns of `template` (halves by
 * default); one above the other below it, none wider than the screen.
 */
export function Columns({
  template = HALVES,
  from = 'lg',
  gap = 3,
  alignTop = false,
  sx = [],
  children,
}: {
  template?: string;
  from?: Breakpoint;
  gap?: number;
  /** Each child keeps its own height instead of stretching to the row's. */
  alignTop?: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Box
      sx={[
        {
          display: 'grid',
          gap,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', [from]: template },
          ...(alignTop && { alignItems: 'start' }),
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
