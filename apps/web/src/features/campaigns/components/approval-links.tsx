import type { ApprovalLink } from '@adstudio/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryView } from '../../../components/ui/query-view';
import { TokenViewsButton } from '../../../components/ui/token-views-button';
import { showAlert } from '../../../lib/alert';
import { copyText } from '../../../lib/copy-text';
import { formatDateTime } from '../../../lib/format';
import { useApprovalLinks } from '../api/get-approval-links';
import { useRevokeApprovalLink } from '../api/revoke-approval-link';

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The link as the publisher opens it (the server sends the full address; a path is made whole). */
export const approvalLinkUrl = (link: ApprovalLink) => new URL(link.url, window.location.origin).toString();

/** Copies a publisher's link, saying whether it worked. */
export function CopyLinkButton({ url, publisher }: { url: string; publisher: string }) {
  const copy = () =>
    copyText(url).then(
      () => showAlert({ status: 200, data: { message: 'Link copied to the clipboard.' } }),
      () =>
        showAlert({ status: 0, data: { message: 'The link could not be copied; select it and copy it.' } }),
    );
  return (
    <Tooltip title="Copy link">
      <IconButton aria-label={`Copy the link for ${publisher}`} onClick={() => void copy()}>
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** A link's address, whole and selectable. */
export function LinkText({ url, testId }: { url: string; testId: string }) {
  return (
    <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid={testId}>
      {url}
    </Typography>
  );
}

function LinkRow({
  link,
  canWrite,
  onRevoke,
}: {
  link: ApprovalLink;
  canWrite: boolean;
  onRevoke: (link: ApprovalLink) => void;
}) {
  const url = approvalLinkUrl(link);
  const publisher = link.media_entity.name;
  return (
    <TableRow data-testid="approval-link">
      <TableCell>{publisher}</TableCell>
      <TableCell sx={{ maxWidth: 360 }}>
        <LinkText url={url} testId="approval-link-url" />
      </TableCell>
      <TableCell>{link.expires_at ? formatDateTime(link.expires_at) : 'Never'}</TableCell>
      <TableCell>
        <TokenViewsButton
          kind="approval"
          linkId={link.id}
          views={link.views}
          lastViewedAt={link.last_viewed_at}
        />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <CopyLinkButton url={url} publisher={publisher} />
        <Tooltip title="Open approvals page">
          <IconButton
            aria-label={`Open the approvals page of ${publisher}`}
            component="a"
            href={url}
            target="_blank"
            rel="noopener"
          >
            <OpenInNewIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {canWrite ? (
          <Tooltip title="Revoke link">
            <IconButton aria-label={`Revoke the link for ${publisher}`} onClick={() => onRevoke(link)}>
              <LinkOffIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

/** The publishers' live approval links: who has one, its use, and copy / open / revoke. */
export function ApprovalLinks({ campaignId, canWrite }: { campaignId: number; canWrite: boolean }) {
  const links = useApprovalLinks(campaignId);
  const revoke = useRevokeApprovalLink();
  const [revoking, setRevoking] = useState<ApprovalLink | null>(null);
  const titleId = useId();

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h3" component="h2" sx={{ mb: 1 }}>
        Publisher links
      </Typography>
      <QueryView
        query={links}
        pending="Loading links…"
        isEmpty={(list) => list.length === 0}
        empty="No publisher links yet: requesting an approval creates one per publisher."
      >
        {(list) => (
          <Table size="small" aria-label="Publisher links">
            <TableHead>
              <TableRow>
                <TableCell>Publisher</TableCell>
                <TableCell>Link</TableCell>
                <TableCell>Expires</TableCell>
                <TableCell>Views</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((link) => (
                <LinkRow key={link.id} link={link} canWrite={canWrite} onRevoke={setRevoking} />
              ))}
            </TableBody>
          </Table>
        )}
      </QueryView>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this link?"
        message={`${revoking?.media_entity.name ?? 'The publisher'} can no longer open the approvals with it; requesting an approval again gives them a new link.`}
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(
            { id: campaignId, linkId: revoking.id },
            {
              onSuccess: () => showAlert({ status: 200, data: { message: 'Approval link revoked.' } }),
              onSettled: () => setRevoking(null),
            },
          );
        }}
      />
    </Box>
  );
}
