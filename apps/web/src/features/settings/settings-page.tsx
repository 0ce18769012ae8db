import { canAccess, isAdmin } from '@adstudio/contract';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import {
  ITEMS_PER_PAGE_OPTIONS,
  type UserSettings,
  useUpdateUserSettings,
  useUserSettings,
} from '../../api/user-settings';
import { PageHeader } from '../../components/ui/page-header';
import { ErrorState } from '../../components/ui/states';
import { TitledCard } from '../../components/ui/titled-card';
import { showAlert } from '../../lib/alert';
import { errorMessage } from '../../lib/api-client';
import { useUser } from '../../lib/auth';
import { setDarkTheme, useDarkTheme } from '../../lib/theme-mode';
import { CompanyQaGateSwitch } from './components/company-qa-gate-switch';
import { CompanyTokensCard } from './components/company-tokens-card';
import { ConversionWindowField } from './components/conversion-window-field';
import { ProfileTemplatesCard } from './components/profile-templates-card';
import { PublishersCard } from './components/publishers-card';
import { SsoCard } from './components/sso-card';
import { UsersCard } from './components/users-card';
import { WebhooksCard } from './components/webhooks-card';

function RowsPerPage() {
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  if (settings.isPending) return <Skeleton variant="rounded" height={56} width={240} />;
  if (settings.isError) {
    return (
      <ErrorState
        message={`Your settings could not be loaded. ${errorMessage(settings.error)}`}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  const value = settings.data.items_per_page;
  const options: readonly number[] = ITEMS_PER_PAGE_OPTIONS;
  return (
    <FormControl sx={{ minWidth: 240 }} disabled={update.isPending}>
      <InputLabel id="rows-per-page-label">Default rows per page</InputLabel>
      <Select
        labelId="rows-per-page-label"
        label="Default rows per page"
        value={value}
        onChange={(event) =>
          update.mutate(
            { items_per_page: Number(event.target.value) as UserSettings['items_per_page'] },
            { onSuccess: () => showAlert({ status: 200, data: { message: 'Settings saved.' } }) },
          )
        }
      >
        {options.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </Select>
      <FormHelperText>How many rows lists show before you page.</FormHelperText>
    </FormControl>
  );
}

export function SettingsPage() {
  const dark = useDarkTheme();
  const user = useUser();
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader title="Settings" subtitle="How Adstudio looks and behaves for you." />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
        <TitledCard title="Appearance">
          <FormControlLabel
            control={<Switch checked={dark} onChange={(event) => setDarkTheme(event.target.checked)} />}
            label="Dark Theme"
          />
          <FormHelperText>Stored in this browser.</FormHelperText>
        </TitledCard>
        <TitledCard title="Lists">
          <RowsPerPage />
        </TitledCard>
        {user && isAdmin(user) ? <UsersCard /> : null}
        {/* Templates belong to the profiles section (docs/design.md §6); publishers and the company's
            tokens are admins'. */}
        {user && canAccess(user, 'profiles', 'write') ? <ProfileTemplatesCard /> : null}
        {user && isAdmin(user) ? (
          <TitledCard title="Quality assurance">
            <CompanyQaGateSwitch />
          </TitledCard>
        ) : null}
        {user && isAdmin(user) ? (
          <TitledCard title="Conversions">
            <ConversionWindowField />
          </TitledCard>
        ) : null}
        {user && isAdmin(user) ? <PublishersCard /> : null}
        {user && isAdmin(user) ? <CompanyTokensCard /> : null}
        {user && isAdmin(user) ? <WebhooksCard /> : null}
        {user && isAdmin(user) ? <SsoCard /> : null}
      </Box>
    </Box>
  );
}
