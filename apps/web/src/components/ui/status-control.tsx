import type { Status } from '@adstudio/contract';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { showAlert } from '../../lib/alert';
import { DisabledReason } from './disabled-reason';
import { StatusChip } from './status-chip';

/** Moves an item's status; offers only the moves the server allows this user (`allowed_statuses`). */
export function StatusControl({
  current,
  allowed,
  onMove,
}: {
  /** The item's status, named when no move is open from it. */
  current: Status;
  allowed: readonly Status[];
  /** Sends the move; a failure raises the alert banner on its own. */
  onMove: (status: Status) => Promise<unknown>;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const menuId = useId();

  const move = (status: Status) => {
    setAnchor(null);
    setBusy(true);
    onMove(status)
      .then(
        () => showAlert({ status: 200, data: { message: `Status changed to ${status}.` } }),
        () => {},
      )
      .finally(() => setBusy(false));
  };

  return (
    <>
      <DisabledReason
        reason={allowed.length === 0 ? `No status change is open to you from ${current}.` : null}
      >
        <Button
          variant="outlined"
          endIcon={<ArrowDropDownIcon />}
          onClick={(event) => setAnchor(event.currentTarget)}
          disabled={allowed.length === 0 || busy}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
        >
          Change status
        </Button>
      </DisabledReason>
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
