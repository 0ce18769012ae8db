import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Columns } from '../../components/ui/columns';
import { PageHeader } from '../../components/ui/page-header';
import { LoadingState } from '../../components/ui/states';
import { TitledCard } from '../../components/ui/titled-card';
import { useUser } from '../../lib/auth';
import { AccessTokensCard } from './components/access-tokens-card';
import { EmailSettings } from './components/email-settings';
import { PasswordFormCard } from './components/password-form';
import { ProfileFormCard } from './components/profile-form';
import { TwoFactorCard } from './components/two-factor-card';

export function AccountPage() {
  const user = useUser();
  if (!user) return <LoadingState />;
  const access = [...user.roles, ...user.permissions];
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader
        title="My Account"
        subtitle="Your profile, password, two-factor sign-in, e-mail, access and API tokens."
      />
      <Columns from="md" gap={2} alignTop>
        <TitledCard title="Profile">
          <ProfileFormCard user={user} />
        </TitledCard>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TitledCard title="Password">
            <PasswordFormCard />
          </TitledCard>
          <TitledCard title="Two-factor sign-in">
            <TwoFactorCard user={user} />
          </TitledCard>
          <TitledCard title="E-mail">
            <EmailSettings />
          </TitledCard>
          <TitledCard title="Access">
            {access.length ? (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {access.map((entry) => (
                  <Chip key={entry} label={entry} size="small" />
                ))}
              </Box>
            ) : (
              <Typography variant="body2" color="textSecondary">
                No roles or permissions yet. Ask an administrator.
              </Typography>
            )}
          </TitledCard>
        </Box>
      </Columns>
      <Box sx={{ mt: 2 }}>
        <AccessTokensCard />
      </Box>
    </Box>
  );
}
