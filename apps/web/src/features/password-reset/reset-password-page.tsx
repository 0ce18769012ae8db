import { RESET_INVALID } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ChoosePasswordForm } from '../../components/ui/choose-password-form';
import { href } from '../../config/paths';
import { useResetPassword } from './api/reset-password';

/** The link was used or has expired: sign in, or ask for a new one. */
function DeadLink({ message }: { message: string }) {
  return (
    <Alert severity="error" role="alert">
      {message}
      <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1 }}>
        <Link component={RouterLink} to={href('forgot-password')} color="inherit" sx={{ fontWeight: 500 }}>
          Ask for a new link
        </Link>
        <Link component={RouterLink} to={href('login')} color="inherit" sx={{ fontWeight: 500 }}>
          Go to the sign-in page
        </Link>
      </Box>
    </Alert>
  );
}

/**
 * `/reset-password/:token`, a password reset's link: a new password (My Account's rules), then
 * signed in at once, on to the dashboard. Every other session of the user ends.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  if (reset.isSuccess && reset.data === undefined)
    return (
      <>
        <Typography variant="h1" component="h1" sx={{ fontSize: '1.5rem', mb: 0.5 }}>
          Password changed
        </Typography>
        <Alert severity="success" role="status">
          Your new password is set. Two-factor sign-in is on for your account: sign in with the new password
          and a code of your authenticator app.
          <Box component="span" sx={{ display: 'block', mt: 1 }}>
            <Link href={href('login')} color="inherit" sx={{ fontWeight: 500 }}>
              Go to the sign-in page
            </Link>
          </Box>
        </Alert>
      </>
    );
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ fontSize: '1.5rem', mb: 0.5 }}>
        Choose a new password
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        You are signed in right after; your other sessions end.
      </Typography>
      <ChoosePasswordForm
        token={token}
        label="Choose a new password"
        submitLabel="Set password and sign in"
        submittingLabel="Saving…"
        invalidMessage={RESET_INVALID}
        invalid={(message) => <DeadLink message={message} />}
        send={(body) =>
          reset.mutateAsync(body).then((user) => {
            if (user) navigate(href('dashboard'), { replace: true });
          })
        }
      />
    </>
  );
}
