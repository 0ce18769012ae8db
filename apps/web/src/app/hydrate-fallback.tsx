import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Shown while the first route resolves (user fetch, sign-in redirect, lazy page). */
export function HydrateFallback() {
  return (
    <Box
      role="status"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      <CircularProgress size={28} aria-hidden />
      <Typography color="textSecondary">Loading Adstudio…</Typography>
    </Box>
  );
}
