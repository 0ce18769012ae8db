import type { Campaign } from '@adstudio/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { campaignsApi } from '../../../api/campaigns';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { VersionedFormAlerts } from '../../../components/ui/versioned-form-alerts';
import { useVersionedForm } from '../../../lib/use-versioned-form';
import { CampaignFormFields, campaignFormValues, useCampaignForm } from './campaign-form';

/** The campaign's fields; editable for writers, read-only otherwise; a stale save offers re-apply. */
export function DetailsTab({
  campaign,
  readOnly,
  allowLeave,
}: {
  campaign: Campaign;
  readOnly: boolean;
  allowLeave: RefObject<boolean>;
}) {
  const form = useCampaignForm(campaign);
  const update = campaignsApi.useUpdate({ alertOnError: false });
  const queryClient = useQueryClient();
  const edit = useVersionedForm({
    noun: 'campaign',
    item: campaign,
    form,
    toValues: campaignFormValues,
    save: (values, updatedAt) =>
      update.mutateAsync({ id: campaign.id, body: { ...values, updated_at: updatedAt } }),
    fetchLatest: () =>
      queryClient.fetchQuery({ ...campaignsApi.itemQueryOptions(campaign.id), staleTime: 0 }),
    savedMessage: 'Campaign saved.',
  });

  return (
    <>
      <VersionedFormAlerts edit={edit} />
      <CampaignFormFields
        form={form}
        readOnly={readOnly}
        onSubmit={edit.submit}
        submitLabel="Save"
        onCancel={edit.isDirty ? edit.cancel : undefined}
      />
      <UnsavedChangesGuard dirty={edit.isDirty && !readOnly} allowLeave={allowLeave} noun="this campaign" />
    </>
  );
}
