import {
  type AcceptInvitation,
  AcceptInvitationSchema,
  INVITATION_INVALID,
  PASSWORD_MIN_LENGTH,
} from '@adstudio/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { FormTextField } from '../../components/ui/form-text-field';
import { href } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors, serverErrors } from '../../lib/form-errors';
import { useAcceptInvitation } from './api/accept-invitation';

/** The link was used, has expired or was revoked: only a new one helps. */
function InvalidLink({ message }: { message: string }) {
  return (
    <Alert severity="error" role="alert">
      {message}{' '}
      <Link component={RouterLink} to={href('login')} color="inherit" sx={{ fontWeight: 500 }}>
        Go to the sign-in page
      </Link>
    </Alert>
  );
}

/**
 * `/invitation/:token`, an invitation's link: the invited user chooses a password (My Account's
 * rules) and is signed in at once, on to the dashboard.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<AcceptInvitation>({
    resolver: zodResolver(AcceptInvitationSchema),
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  // The server's word on a used or expired link; a token the schema refuses (far too long) is no
  // link the server would take either.
  const tokenError = formState.errors.token;
  const invalid = tokenError
    ? tokenError.type === 'server' && tokenError.message
      ? tokenError.message
      : INVITATION_INVALID
    : null;

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    return accept.mutateAsync(values).then(
      () => navigate(href('dashboard'), { replace: true }),
      (error: unknown) => {
        const tokenMessage = serverErrors(error).token;
        if (tokenMessage) setError('token', { type: 'server', message: tokenMessage });
        else if (!applyServerErrors(error, setError, ['password', 'password_confirmation']))
          setFailure(errorMessage(error));
      },
    );
  });

  return (
    <>
      <Typography variant="h1" component="h1" sx={{ fontSize: '1.5rem', mb: 0.5 }}>
        Join Adstudio
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        Choose a password to finish setting up your account. You are signed in right after.
      </Typography>
      {invalid ? (
        <InvalidLink message={invalid} />
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-label="Choose a password"
          sx={{ display: 'grid', gap: 2 }}
        >
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
            {formState.isSubmitting ? 'Joining…' : 'Set password and sign in'}
          </Button>
        </Box>
      )}
    </>
  );
}
