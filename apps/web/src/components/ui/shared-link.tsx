import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { showAlert } from '../../lib/alert';
import { copyAndSay } from '../../lib/copy-text';
import { ConfirmDialog } from './confirm-dialog';

/** Hidden from sight, still read out: e.g. the header of a table's actions column. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A shared link's address made whole (the server may answer a path). */
export const absoluteLinkUrl = (url: string) => new URL(url, window.location.origin).toString();

/** Copies a link, saying whether it worked ("Link copied to the clipboard."). */
export const copyLink = (url: string, what = 'Link') => copyAndSay(url, what);

/** A token link's address, whole and selectable. */
export function SharedLinkText({ url, testId }: { url: string; testId: string }) {
  return (
    // At a phone's width a table's link column keeps a readable width (the table scrolls in its
    // region) instead of breaking the address every few letters.
    <Typography
      variant="body2"
      sx={{ fontFamily: 'monospace', wordBreak: 'break-all', minWidth: '22ch' }}
      data-testid={testId}
    >
      {url}
    </Typography>
  );
}

/** Copy, open and (for writers) revoke a shared link: the actions of a sharing tab's row. */
export function SharedLinkActions({
  url,
  openTitle,
  labels = {},
  onRevoke,
}: {
  url: string;
  /** What opening shows, e.g. "Open report". */
  openTitle: string;
  /** Accessible names when the row needs more than the titles (e.g. which publisher's link). */
  labels?: { copy?: string; open?: string; revoke?: string };
  /** Absent for readers: they may not revoke. */
  onRevoke?: (() => void) | undefined;
}) {
  return (
    <>
      <Tooltip title="Copy link">
        <IconButton aria-label={labels.copy ?? 'Copy link'} onClick={() => void copyLink(url)}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={openTitle}>
        <IconButton
          aria-label={labels.open ?? openTitle}
          component="a"
          href={url}
          target="_blank"
          rel="noopener"
        >
          <OpenInNewIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {onRevoke ? (
        <Tooltip title="Revoke link">
          <IconButton aria-label={labels.revoke ?? 'Revoke link'} onClick={onRevoke}>
            <LinkOffIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </>
  );
}

/**
 * Asks before revoking `link` (null: closed); on success says `revoked`. A failure is the revoke
 * mutation's own alert, and the dialog closes either way.
 */
export function RevokeLinkDialog<T>({
  link,
  message,
  revoked,
  revoke,
  onClose,
}: {
  link: T | null;
  /** What revoking takes away, for whom. */
  message: string;
  revoked: string;
  revoke: {
    isPending: boolean;
    mutate: (link: T, options: { onSuccess: () => void; onSettled: () => void }) => void;
  };
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={link !== null}
      title="Revoke this link?"
      message={message}
      confirmLabel="Revoke"
      destructive
      busy={revoke.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (link === null) return;
        revoke.mutate(link, {
          onSuccess: () => showAlert({ status: 200, data: { message: revoked } }),
          onSettled: onClose,
        });
      }}
    />
  );
}
