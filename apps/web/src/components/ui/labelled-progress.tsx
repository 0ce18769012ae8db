import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/**
 * A job's progress as the app shows it: what is happening on the left, how far in words on the
 * right (announced politely), and a bar that is indeterminate until a share is known.
 */
export function LabelledProgress({
  doing,
  progress,
  label,
}: {
  doing: string;
  progress: { text: string; percent: number | null };
  /** The bar's accessible name ("Sync progress"). */
  label: string;
}) {
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography variant="body2">{doing}</Typography>
        <Typography variant="body2" color="textSecondary" aria-live="polite">
          {progress.text}
        </Typography>
      </Box>
      <LinearProgress
        variant={progress.percent === null ? 'indeterminate' : 'determinate'}
        value={progress.percent ?? undefined}
        aria-label={label}
        aria-valuetext={progress.text}
        sx={{ borderRadius: 1, height: 6 }}
      />
    </>
  );
}
