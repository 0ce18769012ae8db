import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/ui/page-header';
import { LoadingState } from '../../components/ui/states';
import { useUser } from '../../lib/auth';
import { PasswordFormCard } from './components/password-form';
import { ProfileFormCard } from './components/profile-form';

export function AccountPage() {
  const user = useUser();
  if (!user) return <LoadingState />;
  const access = [...user.roles, ...user.permissions];
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader title="My Account" subtitle="Your profile, password and access." />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Card component="section" aria-labelledby="profile-title">
          <CardHeader
            title="Profile"
            slotProps={{ title: { id: 'profile-title', variant: 'h2', component: 'h2' } }}
          />
          <CardContent sx={{ pt: 0 }}>
            <ProfileFormCard user={user} />
          </CardContent>
        </Card>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Card component="section" aria-labelledby="password-title">
            <CardHeader
              title="Password"
              slotProps={{ title: { id: 'password-title', variant: 'h2', component: 'h2' } }}
            />
            <CardContent sx={{ pt: 0 }}>
              <PasswordFormCard />
            </CardContent>
          </Card>
          <Card component="section" aria-labelledby="access-title">
            <CardHeader
              title="Access"
              slotProps={{ title: { id: 'access-title', variant: 'h2', component: 'h2' } }}
            />
            <CardContent sx={{ pt: 0 }}>
              {access.length ? (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  {access.map((entry) => (
                    <Chip key={entry} label={entry} size="small" />
                  ))}
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  No roles or permissions yet. Ask an administrator.
                </Typography>
              )}
            </CardContent>
          </Card>
        </Box>
      </Box>
    </Box>
  );
}
