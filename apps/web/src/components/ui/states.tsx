import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import InboxIcon from '@mui/icons-material/Inbox';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A centred spinner with a label for screen readers and sighted users alike. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}
    >
      <CircularProgress size={24} aria-hidden />
      <Typography color="textSecondary">{label}</Typography>
    </Box>
  );
}

export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: 4, px: 2, color: 'text.secondary' }}>
      <InboxIcon sx={{ fontSize: 36, opacity: 0.7 }} aria-hidden />
      <Typography variant="body1" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {children ? <Box sx={{ mt: 1 }}>{children}</Box> : null}
    </Box>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      icon={<ErrorOutlineIcon />}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}
