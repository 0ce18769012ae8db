import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * A form's foot: the server's messages that belong to no field of the form (`root.server`, see
 * lib/form-errors.ts), then submit and an optional cancel.
 */
export function FormActions<V extends FieldValues, O>({
  form,
  submitLabel,
  busyLabel = 'Saving…',
  onCancel,
}: {
  form: UseFormReturn<V, unknown, O>;
  submitLabel: string;
  /** What the submit button says while the form submits. */
  busyLabel?: string;
  onCancel?: (() => void) | undefined;
}) {
  const { isSubmitting, errors } = form.formState;
  const message = errors.root?.server?.message;
  return (
    <>
      {message ? (
        <Alert severity="error" role="alert">
          {message}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
      </Box>
    </>
  );
}
