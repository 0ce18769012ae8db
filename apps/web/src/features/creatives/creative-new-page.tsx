import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { creativesApi } from '../../api/creatives';
import { PageHeader } from '../../components/ui/page-header';
import { UnsavedChangesGuard } from '../../components/ui/unsaved-changes-guard';
import { href } from '../../config/paths';
import { useCanAccess } from '../../lib/access';
import { showAlert } from '../../lib/alert';
import { showServerErrors } from '../../lib/form-errors';
import { parseRouteId } from '../../lib/route-id';
import { navigateToHref, useNavigateTo } from '../../lib/use-navigate-to';
import { CreativeFormFields, useCreativeForm } from './components/creative-form';
import { ReadOnlyFacts } from './components/read-only-facts';
import type { CreativeFormOutput } from './creative-form-values';

/** A new creative, a draft; `/creatives/new/:campaignId` preselects its campaign. */
export function CreativeNewPage() {
  const campaignId = parseRouteId(useParams().campaignId);
  const canWrite = useCanAccess('creatives', 'write');
  const form = useCreativeForm(undefined, campaignId);
  const create = creativesApi.useCreate();
  const go = useNavigateTo();
  const navigate = useNavigate();
  const allowLeave = useRef(false);

  const submit = (values: CreativeFormOutput) =>
    create.mutateAsync(values).then(
      (creative) => {
        showAlert({ status: 200, data: { message: 'Creative created.' } });
        allowLeave.current = true;
        go('creative.view', { id: creative.id });
      },
      (error: unknown) => showServerErrors(form, error),
    );

  const back = campaignId
    ? href('campaign.view', { id: campaignId }, { tab: 'creatives' })
    : href('creatives.view');
  return (
    <Box>
      <PageHeader title="New creative" subtitle="A new creative starts as a draft." />
      {canWrite ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <CreativeFormFields
            form={form}
            readOnly={false}
            campaignLocked={campaignId !== null}
            onSubmit={submit}
            submitLabel="Create creative"
            onCancel={() => navigateToHref(navigate, back)}
          >
            <ReadOnlyFacts />
          </CreativeFormFields>
          <UnsavedChangesGuard dirty={form.formState.isDirty} allowLeave={allowLeave} noun="this creative" />
        </Paper>
      ) : (
        <Alert severity="info">You may view creatives but not create them.</Alert>
      )}
    </Box>
  );
}
