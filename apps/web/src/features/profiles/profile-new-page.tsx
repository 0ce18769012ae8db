import type { ProfileCreate } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useRef } from 'react';
import { profilesApi } from '../../api/profiles';
import { PageHeader } from '../../components/ui/page-header';
import { UnsavedChangesGuard } from '../../components/ui/unsaved-changes-guard';
import { useCanAccess } from '../../lib/access';
import { showAlert } from '../../lib/alert';
import { showServerErrors } from '../../lib/form-errors';
import { useNavigateTo } from '../../lib/use-navigate-to';
import { ProfileFormFields, useProfileForm } from './components/profile-form';
import { profileBody } from './profile-format';
import { syncStarted } from './sync-alerts';

/** A new profile; its first sync starts as soon as it is saved. */
export function ProfileNewPage() {
  const canWrite = useCanAccess('profiles', 'write');
  const form = useProfileForm();
  const create = profilesApi.useCreate();
  const go = useNavigateTo();
  const allowLeave = useRef(false);

  const submit = (values: ProfileCreate) =>
    create.mutateAsync(profileBody(values)).then(
      (profile) => {
        showAlert(syncStarted(profile, 'Profile created. Its first sync has started.'));
        allowLeave.current = true;
        go('profile.view', { id: profile.id });
      },
      (error: unknown) => showServerErrors(form, error),
    );

  return (
    <Box>
      <PageHeader
        title="New profile"
        subtitle="A data feed whose rows become rules. It syncs as soon as it is saved."
      />
      {canWrite ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <ProfileFormFields
            form={form}
            readOnly={false}
            onSubmit={submit}
            submitLabel="Create profile"
            onCancel={() => go('profiles.view')}
          />
          <UnsavedChangesGuard dirty={form.formState.isDirty} allowLeave={allowLeave} noun="this profile" />
        </Paper>
      ) : (
        <Alert severity="info">You may view profiles but not create them.</Alert>
      )}
    </Box>
  );
}
