import Alert from '@mui/material/Alert';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** A form's message that belongs to no field (`showFailure`'s root error), read out when it shows. */
export function FormRootError<T extends FieldValues>({
  form,
}: {
  form: Pick<UseFormReturn<T, unknown, unknown>, 'formState'>;
}) {
  const message = form.formState.errors.root?.server?.message;
  return message ? (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  ) : null;
}
