import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../components/ui/form-text-field';
import { href } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
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
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<ForgotPassword>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    return ask.mutateAsync(values).then(setAnswer, (error: unknown) => {
      if (!applyServerErrors(error, setError, ['email'])) setFailure(errorMessage(error));
    });
  });

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
          <Box
            component="form"
            noValidate
            onSubmit={onSubmit}
            aria-label="Ask for a password reset link"
            sx={{ display: 'grid', gap: 2 }}
          >
            <FormTextField
              control={control}
              name="email"
              label="Email"
              type="email"
              required
              autoFocus
              autoComplete="username"
            />
            {failure ? (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            ) : null}
            <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Sending…' : 'Send the link'}
            </Button>
            <Box>{signInLink}</Box>
          </Box>
        </>
      )}
    </>
  );
}
