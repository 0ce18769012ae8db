import type { Campaign, CampaignCreate } from '@adstudio/contract';
import type { RefObject } from 'react';
import { showAlert } from '../../../lib/alert';
import { useUpdateCampaign } from '../api/update-campaign';
import { CampaignFormFields, campaignFormValues, showServerErrors, useCampaignForm } from './campaign-form';
import { UnsavedChangesGuard } from './unsaved-changes';

/** The campaign's fields; editable for writers, read-only otherwise. */
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
  const update = useUpdateCampaign();

  const save = (values: CampaignCreate) =>
    update.mutateAsync({ id: campaign.id, body: values }).then(
      (saved) => {
        form.reset(campaignFormValues(saved));
        showAlert({ status: 200, data: { message: 'Campaign saved.' } });
      },
      (error: unknown) => showServerErrors(form, error),
    );

  return (
    <>
      <CampaignFormFields
        form={form}
        readOnly={readOnly}
        onSubmit={save}
        submitLabel="Save"
        onCancel={form.formState.isDirty ? () => form.reset(campaignFormValues(campaign)) : undefined}
      />
      <UnsavedChangesGuard dirty={form.formState.isDirty && !readOnly} allowLeave={allowLeave} />
    </>
  );
}
