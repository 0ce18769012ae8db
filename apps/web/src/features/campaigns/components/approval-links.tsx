import type { ApprovalLink } from '@adstudio/contract';
import Box from '@mui/material/Box';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ActionsTableHead } from '../../../components/ui/actions-table-head';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-region';
import {
  absoluteLinkUrl,
  RevokeLinkDialog,
  SharedLinkActions,
  SharedLinkText,
} from '../../../components/ui/shared-link';
import { TokenViewsButton } from '../../../components/ui/token-views-button';
import { formatDateTime } from '../../../lib/format';
import { approvalLinksApi } from '../api/links';

/** The link as the publisher opens it (the server sends the full address; a path is made whole). */
export const approvalLinkUrl = (link: ApprovalLink) => absoluteLinkUrl(link.url);

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
        <SharedLinkText url={url} testId="approval-link-url" />
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
        <SharedLinkActions
          url={url}
          openTitle="Open approvals page"
          labels={{
            copy: `Copy the link for ${publisher}`,
            open: `Open the approvals page of ${publisher}`,
            revoke: `Revoke the link for ${publisher}`,
          }}
          onRevoke={canWrite ? () => onRevoke(link) : undefined}
        />
      </TableCell>
    </TableRow>
  );
}

/** The publishers' live approval links: who has one, its use, and copy / open / revoke. */
export function ApprovalLinks({ campaignId, canWrite }: { campaignId: number; canWrite: boolean }) {
  const links = approvalLinksApi.useList(campaignId);
  const revoke = approvalLinksApi.useRemove();
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
        empty="No publisher links yet: requesting an approval creates one per publisher."
      >
        {(list) => (
          <ScrollTable label="Publisher links">
            <ActionsTableHead columns={['Publisher', 'Link', 'Expires', 'Views']} />
            <TableBody>
              {list.map((link) => (
                <LinkRow key={link.id} link={link} canWrite={canWrite} onRevoke={setRevoking} />
              ))}
            </TableBody>
          </ScrollTable>
        )}
      </QueryView>
      <RevokeLinkDialog
        link={revoking}
        message={`${revoking?.media_entity.name ?? 'The publisher'} can no longer open the approvals with it; requesting an approval again gives them a new link.`}
        revoked="Approval link revoked."
        revoke={{
          isPending: revoke.isPending,
          mutate: (link, options) => revoke.mutate({ parentId: campaignId, id: link.id }, options),
        }}
        onClose={() => setRevoking(null)}
      />
    </Box>
  );
}
