import type { Profile } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { profilesApi } from '../../../api/profiles';
import { Columns } from '../../../components/ui/columns';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { VersionedFormAlerts } from '../../../components/ui/versioned-form-alerts';
import { useVersionedForm } from '../../../lib/use-versioned-form';
import { profileBody } from '../profile-format';
import { ProfileFigures } from './profile-figures';
import { ProfileFormFields, profileFormValues, useProfileForm } from './profile-form';

/** The profile's fields (editable for writers; a stale save offers re-apply) beside its figures. */
export function DetailsTab({
  profile,
  readOnly,
  allowLeave,
}: {
  profile: Profile;
  readOnly: boolean;
  allowLeave: RefObject<boolean>;
}) {
  const form = useProfileForm(profile);
  const update = profilesApi.useUpdate();
  const queryClient = useQueryClient();
  const edit = useVersionedForm({
    noun: 'profile',
    item: profile,
    form,
    toValues: profileFormValues,
    save: (values, updatedAt) =>
      update.mutateAsync({ id: profile.id, body: { ...profileBody(values), updated_at: updatedAt } }),
    fetchLatest: () => queryClient.fetchQuery({ ...profilesApi.itemQueryOptions(profile.id), staleTime: 0 }),
    savedMessage: 'Profile saved.',
  });

  return (
    <Columns template="minmax(0, 720px) minmax(300px, 1fr)" alignTop>
      <Box>
        <VersionedFormAlerts edit={edit} />
        <ProfileFormFields
          form={form}
          profile={profile}
          readOnly={readOnly}
          onSubmit={edit.submit}
          submitLabel="Save"
          onCancel={edit.isDirty ? edit.cancel : undefined}
        />
        <UnsavedChangesGuard dirty={edit.isDirty && !readOnly} allowLeave={allowLeave} noun="this profile" />
      </Box>
      <Paper variant="outlined" component="section" aria-labelledby="profile-figures" sx={{ p: 2 }}>
        <Typography id="profile-figures" variant="subtitle1" component="h2" sx={{ mb: 1.5, fontWeight: 600 }}>
          Figures
        </Typography>
        <ProfileFigures profile={profile} />
      </Paper>
    </Columns>
  );
}
