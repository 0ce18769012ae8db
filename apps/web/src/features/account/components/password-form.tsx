import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { Controller } from 'react-hook-form';
import { FormTextField } from '../../../components/ui/form-text-field';
import { PageForm } from '../../../components/ui/page-form';
import { showAlert } from '../../../lib/alert';
import { useSchemaForm } from '../../../lib/schema-form';
import {
  PASSWORD_MIN_LENGTH,
  type PasswordForm,
  PasswordFormSchema,
  useUpdatePassword,
} from '../api/update-password';

const EMPTY: PasswordForm = {
  current_password: '',
  password: '',
  password_confirmation: '',
  revoke_tokens: false,
};

export function PasswordFormCard() {
  const update = useUpdatePassword();
  const form = useSchemaForm(PasswordFormSchema, EMPTY);
  const { control } = form;
  const submit = (values: PasswordForm) =>
    update.mutateAsync(values).then(() => {
      form.reset(EMPTY);
      const message = values.revoke_tokens
        ? 'Your password was changed and your API tokens were revoked.'
        : 'Your password was changed.';
      showAlert({ status: 200, data: { message } });
    });

  return (
    <PageForm
      form={form}
      label="Change password"
      onSubmit={submit}
      submitLabel="Change password"
      busyLabel="Changing…"
    >
      <FormTextField
        control={control}
        name="current_password"
        label="Current password"
        type="password"
        required
        autoComplete="current-password"
      />
      <FormTextField
        control={control}
        name="password"
        label="New password"
        type="password"
        required
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <FormTextField
        control={control}
        name="password_confirmation"
        label="Confirm new password"
        type="password"
        required
        autoComplete="new-password"
      />
      <Controller
        control={control}
        name="revoke_tokens"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
              />
            }
            label="Also revoke all my API tokens (they keep working after a password change otherwise)"
          />
        )}
      />
    </PageForm>
  );
}
