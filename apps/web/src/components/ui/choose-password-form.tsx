import { type AcceptInvitation, AcceptInvitationSchema, PASSWORD_MIN_LENGTH } from '@adstudio/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors, serverErrors } from '../../lib/form-errors';
import { FormTextField } from './form-text-field';

/** The body of a link's password page: the link's token, the password and its confirmation. */
export type TokenPassword = AcceptInvitation;

/**
 * A one-time link's page that chooses a password (an invitation, a password reset): the password and
 * its confirmation by My Account's rules, sent with the link's token. A used or expired link (the
 * server's 422 on `token`, or a token the schema refuses) replaces the form with `invalid(message)`.
 */
export function ChoosePasswordForm({
  token,
  label,
  submitLabel,
  submittingLabel,
  invalidMessage,
  invalid,
  send,
}: {
  token: string;
  /** Names the form for assistive tech. */
  label: string;
  submitLabel: string;
  submittingLabel: string;
  /** What a token the schema refuses is told as (far too long: no link the server would take either). */
  invalidMessage: string;
  invalid: (message: string) => ReactNode;
  /** Sends the body; resolves once done (the page goes on), rejects with the server's answer. */
  send: (body: TokenPassword) => Promise<unknown>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<TokenPassword>({
    resolver: zodResolver(AcceptInvitationSchema),
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const tokenError = formState.errors.token;
  const refused = tokenError
    ? tokenError.type === 'server' && tokenError.message
      ? tokenError.message
      : invalidMessage
    : null;

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    return send(values).then(
      () => undefined,
      (error: unknown) => {
        const tokenMessage = serverErrors(error).token;
        if (tokenMessage) setError('token', { type: 'server', message: tokenMessage });
        else if (!applyServerErrors(error, setError, ['password', 'password_confirmation']))
          setFailure(errorMessage(error));
      },
    );
  });

  if (refused) return invalid(refused);
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={label} sx={{ display: 'grid', gap: 2 }}>
      <FormTextField
        control={control}
        name="password"
        label="Password"
        type="password"
        required
        autoFocus
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <FormTextField
        control={control}
        name="password_confirmation"
        label="Confirm password"
        type="password"
        required
        autoComplete="new-password"
      />
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? submittingLabel : submitLabel}
      </Button>
    </Box>
  );
}
