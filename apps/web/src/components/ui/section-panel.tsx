import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** An outlined section named by its heading (a landmark for assistive tech): the ad, its fallback image, … */
export function SectionPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Typography variant="h3" component="h2">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
