import type { Campaign, Status } from '@adstudio/contract';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { StatusChip } from '../../../components/ui/status-chip';
import { showAlert } from '../../../lib/alert';
import { useUpdateCampaign } from '../api/update-campaign';

/** Moves the campaign's status; offers only the moves the server allows this user. */
export function StatusControl({ campaign }: { campaign: Campaign }) {
  const update = useUpdateCampaign();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const allowed = campaign.allowed_statuses;

  const move = (status: Status) => {
    setAnchor(null);
    update.mutate(
      { id: campaign.id, body: { status } },
      { onSuccess: () => showAlert({ status: 200, data: { message: `Status changed to ${status}.` } }) },
    );
  };

  return (
    <>
      <Button
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={allowed.length === 0 || update.isPending}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        title={allowed.length === 0 ? 'No status change is open to you from here.' : undefined}
      >
        Change status
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {allowed.map((status) => (
          <MenuItem key={status} onClick={() => move(status)} aria-label={status}>
            <StatusChip status={status} sx={{ cursor: 'pointer' }} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
