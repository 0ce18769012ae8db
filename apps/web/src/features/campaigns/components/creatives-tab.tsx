import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { StatusChip } from '../../../components/ui/status-chip';
import { href } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useCampaignCreatives } from '../api/get-campaign-creatives';

/** The campaign's creatives, each linking to its own page. */
export function CreativesTab({ campaignId }: { campaignId: number }) {
  const creatives = useCampaignCreatives(campaignId);
  if (creatives.isPending) return <LoadingState label="Loading creatives…" />;
  if (creatives.isError) {
    return <ErrorState message={errorMessage(creatives.error)} onRetry={() => void creatives.refetch()} />;
  }
  if (creatives.data.length === 0) return <EmptyState title="This campaign has no creatives yet." />;
  return (
    <Table size="small" aria-label="Creatives">
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>Size</TableCell>
          <TableCell>Status</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {creatives.data.map((creative) => (
          <TableRow key={creative.id}>
            <TableCell>
              <Link component={RouterLink} to={href('creative.view', { id: creative.id })}>
                {creative.name}
              </Link>
            </TableCell>
            <TableCell>
              {creative.width} x {creative.height}
            </TableCell>
            <TableCell>
              <StatusChip status={creative.status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
