import type { CampaignCreate } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useRef } from 'react';
import { campaignsApi } from '../../api/campaigns';
import { PageHeader } from '../../components/ui/page-header';
import { UnsavedChangesGuard } from '../../components/ui/unsaved-changes-guard';
import { useCanAccess } from '../../lib/access';
import { showAlert } from '../../lib/alert';
import { showServerErrors } from '../../lib/form-errors';
import { useNavigateTo } from '../../lib/use-navigate-to';
import { CampaignFormFields, useCampaignForm } from './components/campaign-form';

/** A new campaign; it starts as a draft. */
export function CampaignNewPage() {
  const canWrite = useCanAccess('campaigns', 'write');
  const form = useCampaignForm();
  const create = campaignsApi.useCreate();
  const go = useNavigateTo();
  const allowLeave = useRef(false);

  const submit = (values: CampaignCreate) =>
    create.mutateAsync(values).then(
      (campaign) => {
        showAlert({ status: 200, data: { message: 'Campaign created.' } });
        allowLeave.current = true;
        go('campaign.view', { id: campaign.id });
      },
      (error: unknown) => showServerErrors(form, error),
    );

  return (
    <Box>
      <PageHeader title="New campaign" subtitle="A new campaign starts as a draft." />
      {canWrite ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <CampaignFormFields
            form={form}
            readOnly={false}
            onSubmit={submit}
            submitLabel="Create campaign"
            onCancel={() => go('campaigns.view')}
          />
          <UnsavedChangesGuard dirty={form.formState.isDirty} allowLeave={allowLeave} noun="this campaign" />
        </Paper>
      ) : (
        <Alert severity="info">You may view campaigns but not create them.</Alert>
      )}
    </Box>
  );
}
