import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Named facts about an item, a description list with its terms in a column of their own. */
export function Facts({
  label,
  rowGap = 1,
  children,
}: {
  label: string;
  rowGap?: number;
  children: ReactNode;
}) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap }}
    >
      {children}
    </Box>
  );
}

/** One of the `Facts`: its term, then what it is. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="textSecondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}
