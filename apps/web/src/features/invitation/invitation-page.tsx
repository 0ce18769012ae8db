import { INVITATION_INVALID } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ChoosePasswordForm } from '../../components/ui/choose-password-form';
import { href } from '../../config/paths';
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
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ fontSize: '1.5rem', mb: 0.5 }}>
        Join Adstudio
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        Choose a password to finish setting up your account. You are signed in right after.
      </Typography>
      <ChoosePasswordForm
        token={token}
        label="Choose a password"
        submitLabel="Set password and sign in"
        submittingLabel="Joining…"
        invalidMessage={INVITATION_INVALID}
        invalid={(message) => <InvalidLink message={message} />}
        send={(body) => accept.mutateAsync(body).then(() => navigate(href('dashboard'), { replace: true }))}
      />
    </>
  );
}
