import type { User } from '@adstudio/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DisableTwoFactorDialog } from './disable-two-factor-dialog';
import { TwoFactorSetup } from './two-factor-setup';

/** My Account's two-factor sign-in: set it up when off; when on, say so and offer to turn it off. */
export function TwoFactorCard({ user }: { user: Pick<User, 'two_factor'> }) {
  const [disabling, setDisabling] = useState(false);
  if (!user.two_factor) {
    return (
      <TwoFactorSetup
        intro={
          <Typography variant="body2" color="textSecondary">
            Off. With it on, signing in asks for a code of an authenticator app on your phone after your
            password.
          </Typography>
        }
      />
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CheckCircleIcon color="success" fontSize="small" aria-hidden />
        <Typography variant="body2">
          On. Signing in asks for a code of your authenticator app after your password.
        </Typography>
      </Box>
      <Box>
        <Button variant="outlined" color="error" onClick={() => setDisabling(true)}>
          Turn off
        </Button>
      </Box>
      <DisableTwoFactorDialog open={disabling} onClose={() => setDisabling(false)} />
    </Box>
  );
}
