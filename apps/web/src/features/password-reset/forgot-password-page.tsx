import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../components/ui/form-text-field';
import { PageForm } from '../../components/ui/page-form';
import { href } from '../../config/paths';
import { useSchemaForm } from '../../lib/schema-form';
import { type ForgotPassword, ForgotPasswordSchema, useForgotPassword } from './api/forgot-password';

const signInLink = (
  <Link component={RouterLink} to={href('login')} sx={{ fontWeight: 500 }}>
    Back to the sign-in page
  </Link>
);

/**
 * `/forgot-password`: the account's email, for a link to choose a new password. The server answers
 * the same whether or not the email has an account; its words are shown as they are.
 */
export function ForgotPasswordPage() {
  const ask = useForgotPassword();
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useSchemaForm(ForgotPasswordSchema, { email: '' });
  const submit = (values: ForgotPassword) => ask.mutateAsync(values).then(setAnswer);

  return (
    <>
      <Typography variant="h1" component="h1" sx={{ fontSize: '1.5rem', mb: 0.5 }}>
        Forgot your password?
      </Typography>
      {answer ? (
        <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
          <Alert severity="info" role="status">
            {answer}
          </Alert>
          <Box>{signInLink}</Box>
        </Box>
      ) : (
        <>
          <Typography color="textSecondary" sx={{ mb: 3 }}>
            Enter the email of your account: we send a link to choose a new password.
          </Typography>
          <PageForm
            form={form}
            label="Ask for a password reset link"
            onSubmit={submit}
            submitLabel="Send the link"
            busyLabel="Sending…"
            inlineFailures
            large
            after={<Box>{signInLink}</Box>}
          >
            <FormTextField
              control={form.control}
              name="email"
              label="Email"
              type="email"
              required
              autoFocus
              autoComplete="username"
            />
          </PageForm>
        </>
      )}
    </>
  );
}
