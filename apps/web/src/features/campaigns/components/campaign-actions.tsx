import type { Campaign } from '@adstudio/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import { type RefObject, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showAlert } from '../../../lib/alert';
import { useNavigateTo } from '../../../lib/use-navigate-to';
import { useCloneCampaign } from '../api/clone-campaign';
import { useDeleteCampaign } from '../api/delete-campaign';

/** Clone and delete, for users who may write. */
export function CampaignActions({
  campaign,
  allowLeave,
}: {
  campaign: Campaign;
  allowLeave: RefObject<boolean>;
}) {
  const clone = useCloneCampaign();
  const remove = useDeleteCampaign();
  const go = useNavigateTo();
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <Button
        startIcon={<ContentCopyIcon />}
        disabled={clone.isPending}
        onClick={() =>
          clone.mutate(campaign.id, {
            onSuccess: (copy) => {
              showAlert({ status: 200, data: { message: `Copied as "${copy.name}".` } });
              allowLeave.current = true;
              go('campaign.view', { id: copy.id });
            },
          })
        }
      >
        Clone
      </Button>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete this campaign?"
        message={`"${campaign.name}" will be removed from the campaigns list.`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(campaign.id, {
            onSuccess: () => {
              showAlert({ status: 200, data: { message: 'Campaign deleted.' } });
              allowLeave.current = true;
              go('campaigns.view');
            },
            onSettled: () => setConfirming(false),
          })
        }
      />
    </>
  );
}
