import type { Campaign, CampaignCreate } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useState } from 'react';
import { alertFromError, showAlert } from '../../../lib/alert';
import { errorStatus, isSessionExpiredError } from '../../../lib/api-client';
import { campaignQueryOptions } from '../api/get-campaign';
import { useUpdateCampaign } from '../api/update-campaign';
import { rebaseFormValues, sameFormValues } from '../form-rebase';
import { CampaignFormFields, campaignFormValues, showServerErrors, useCampaignForm } from './campaign-form';
import { UnsavedChangesGuard } from './unsaved-changes';

/**
 * The campaign's fields; editable for writers, read-only otherwise. A save sends the `updated_at`
 * of the version the form was loaded from; when someone changed the campaign meanwhile (409) the
 * form offers to reload it and re-apply the user's edits on top.
 */
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
  const update = useUpdateCampaign({ alertOnError: false });
  const queryClient = useQueryClient();
  // The version the form's values were loaded from.
  const [base, setBase] = useState(campaign);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const { isDirty } = form.formState;

  // A newer version arrived (the user's own status move, a refetch): an untouched form shows it; an
  // edited one moves onto it only when its fields are as loaded, so no one else's change is hidden.
  useEffect(() => {
    if (campaign.updated_at === base.updated_at) return;
    if (!isDirty) form.reset(campaignFormValues(campaign));
    else if (!sameFormValues(campaignFormValues(campaign), campaignFormValues(base))) return;
    setBase(campaign);
  }, [campaign, base, isDirty, form]);

  const save = (values: CampaignCreate) =>
    update.mutateAsync({ id: campaign.id, body: { ...values, updated_at: base.updated_at } }).then(
      (saved) => {
        setBase(saved);
        setConflict(false);
        form.reset(campaignFormValues(saved));
        showAlert({ status: 200, data: { message: 'Campaign saved.' } });
      },
      (error: unknown) => {
        if (errorStatus(error) === 409) return setConflict(true);
        if (!isSessionExpiredError(error)) showAlert(alertFromError(error));
        showServerErrors(form, error);
      },
    );

  /** Fetches the latest version and puts the user's edits back on top of it, unsaved. */
  const reloadAndReapply = async () => {
    setReloading(true);
    try {
      const latest = await queryClient.fetchQuery({ ...campaignQueryOptions(campaign.id), staleTime: 0 });
      const mine = rebaseFormValues(campaignFormValues(base), form.getValues(), campaignFormValues(latest));
      setBase(latest);
      form.reset(campaignFormValues(latest));
      form.reset(mine, { keepDefaultValues: true });
      setConflict(false);
    } catch (error) {
      if (!isSessionExpiredError(error)) showAlert(alertFromError(error));
    } finally {
      setReloading(false);
    }
  };

  const cancel = () => {
    setBase(campaign);
    setConflict(false);
    form.reset(campaignFormValues(campaign));
  };

  return (
    <>
      {conflict ? (
        <Alert
          severity="warning"
          sx={{ mb: 2.5, maxWidth: 720 }}
          action={
            <Button
              color="inherit"
              variant="outlined"
              size="small"
              onClick={reloadAndReapply}
              disabled={reloading}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {reloading ? 'Reloading…' : 'Reload and re-apply'}
            </Button>
          }
        >
          <AlertTitle>Someone else changed this campaign meanwhile</AlertTitle>
          Your changes were not saved. Reload to get the latest version with your changes put back on top,
          check them, then save again.
        </Alert>
      ) : null}
      <CampaignFormFields
        form={form}
        readOnly={readOnly}
        onSubmit={save}
        submitLabel="Save"
        onCancel={isDirty ? cancel : undefined}
      />
      <UnsavedChangesGuard dirty={isDirty && !readOnly} allowLeave={allowLeave} />
    </>
  );
}
