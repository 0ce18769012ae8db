import { TwoFactorDisableSchema } from '@adstudio/contract';
import DialogContentText from '@mui/material/DialogContentText';
import { DialogFormBody, TitledDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../components/ui/form-text-field';
import { showAlert } from '../../../lib/alert';
import { useSchemaForm } from '../../../lib/schema-form';
import { type TwoFactorDisable, useDisableTwoFactor } from '../api/disable-two-factor';

function DisableForm({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const form = useSchemaForm(TwoFactorDisableSchema, { password: '', code: '' });
  const disable = useDisableTwoFactor();
  const submit = (values: TwoFactorDisable) =>
    disable.mutateAsync(values).then(() => {
      onClose();
      showAlert({ status: 200, data: { message: 'Two-factor sign-in is off.' } });
    });
  return (
    <DialogFormBody
      form={form}
      titleId={titleId}
      title="Turn off two-factor sign-in?"
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Turn off"
      submittingLabel="Turning off…"
    >
      <DialogContentText>
        Signing in will ask only for your password. Enter it, and a code of your authenticator app (or a
        recovery code).
      </DialogContentText>
      <FormTextField
        control={form.control}
        name="password"
        label="Password"
        type="password"
        required
        autoFocus
        autoComplete="current-password"
      />
      <FormTextField
        control={form.control}
        name="code"
        label="Code"
        required
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
    </DialogFormBody>
  );
}

/** Turns two-factor sign-in off, with the password and a code. */
export function DisableTwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <TitledDialog open={open} onClose={onClose}>
      {(titleId) => <DisableForm titleId={titleId} onClose={onClose} />}
    </TitledDialog>
  );
}
