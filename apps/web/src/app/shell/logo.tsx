import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { href } from '../../config/paths';

/** The product mark; in the shell it links to `/`. */
export function Logo({ linked = true }: { linked?: boolean }) {
  const mark = (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <ViewQuiltIcon aria-hidden sx={{ color: 'primary.main' }} />
      <Box
        component="span"
        sx={{ fontWeight: 600, fontSize: '1.15rem', letterSpacing: 0.2, color: 'text.primary' }}
      >
        Adstudio
      </Box>
    </Box>
  );
  if (!linked) return mark;
  return (
    <Link
      component={RouterLink}
      to={href('home')}
      underline="none"
      aria-label="Adstudio home"
      sx={{ display: 'inline-flex' }}
    >
      {mark}
    </Link>
  );
}
