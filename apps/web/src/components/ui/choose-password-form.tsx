import { type AcceptInvitation, AcceptInvitationSchema, PASSWORD_MIN_LENGTH } from '@adstudio/contract';
import type { ReactNode } from 'react';
import { serverErrors } from '../../lib/form-errors';
import { useSchemaForm } from '../../lib/schema-form';
import { FormTextField } from './form-text-field';
import { PageForm } from './page-form';

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
  const form = useSchemaForm(AcceptInvitationSchema, { token, password: '', password_confirmation: '' });
  const tokenError = form.formState.errors.token;
  const refused = tokenError
    ? tokenError.type === 'server' && tokenError.message
      ? tokenError.message
      : invalidMessage
    : null;

  // The token has no field: the server's word on it replaces the form (`invalid`).
  const submit = (values: TokenPassword) =>
    send(values).catch((error: unknown) => {
      const tokenMessage = serverErrors(error).token;
      if (!tokenMessage) throw error;
      form.setError('token', { type: 'server', message: tokenMessage });
    });

  if (refused) return invalid(refused);
  return (
    <PageForm
      form={form}
      label={label}
      onSubmit={submit}
      submitLabel={submitLabel}
      busyLabel={submittingLabel}
      inlineFailures
      large
    >
      <FormTextField
        control={form.control}
        name="password"
        label="Password"
        type="password"
        required
        autoFocus
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <FormTextField
        control={form.control}
        name="password_confirmation"
        label="Confirm password"
        type="password"
        required
        autoComplete="new-password"
      />
    </PageForm>
  );
}
