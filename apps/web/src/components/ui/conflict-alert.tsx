import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

/** The inline warning of a save refused with 409, offering "Reload and re-apply". */
export function ConflictAlert({
  noun,
  reloading,
  onReload,
}: {
  /** "campaign", "creative". */
  noun: string;
  reloading: boolean;
  onReload: () => void;
}) {
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2.5, maxWidth: 720 }}
      action={
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          onClick={onReload}
          disabled={reloading}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {reloading ? 'Reloading…' : 'Reload and re-apply'}
        </Button>
      }
    >
      <AlertTitle>Someone else changed this {noun} meanwhile</AlertTitle>
      Your changes were not saved. Reload to get the latest version with your changes put back on top, check
      them, then save again.
    </Alert>
  );
}
