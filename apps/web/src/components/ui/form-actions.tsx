import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { DisabledReason } from './disabled-reason';
import { FormRootError } from './form-root-error';

/**
 * A form's foot: the server's messages that belong to no field of the form (`root.server`, see
 * lib/form-errors.ts), then submit and an optional cancel.
 */
export function FormActions<V extends FieldValues, O>({
  form,
  submitLabel,
  busyLabel = 'Saving…',
  onCancel,
  large = false,
  disabledReason,
}: {
  form: UseFormReturn<V, unknown, O>;
  submitLabel: string;
  /** What the submit button says while the form submits. */
  busyLabel?: string;
  onCancel?: (() => void) | undefined;
  /** A large submit button as wide as the form (the public pages'). */
  large?: boolean;
  /** Why submit is off (nothing to save yet), `null` while it is on; unset: it never is. */
  disabledReason?: string | null | undefined;
}) {
  const { isSubmitting } = form.formState;
  const submit = (
    <Button
      type="submit"
      variant="contained"
      size={large ? 'large' : 'medium'}
      fullWidth={large}
      disabled={isSubmitting || Boolean(disabledReason)}
    >
      {isSubmitting ? busyLabel : submitLabel}
    </Button>
  );
  return (
    <>
      <FormRootError form={form} />
      {large ? (
        submit
      ) : (
        <Box sx={{ display: 'flex', gap: 1 }}>
          {disabledReason !== undefined ? (
            <DisabledReason reason={disabledReason}>{submit}</DisabledReason>
          ) : (
            submit
          )}
          {onCancel ? (
            <Button onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
          ) : null}
        </Box>
      )}
    </>
  );
}
