import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import { useCampaignCreatives } from '../../../api/creatives';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { StatusChip } from '../../../components/ui/status-chip';
import { href } from '../../../config/paths';
import { formatDate } from '../../../lib/format';

/** The campaign's creatives, each linking to its own page, and a way to add one to it. */
export function CreativesTab({ campaignId, canWrite }: { campaignId: number; canWrite: boolean }) {
  const creatives = useCampaignCreatives(campaignId);
  return (
    <>
      {canWrite ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button
            component={RouterLink}
            to={href('creatives.new.campaign', { campaignId })}
            variant="outlined"
            startIcon={<AddIcon />}
          >
            New creative
          </Button>
        </Box>
      ) : null}
      <QueryView query={creatives} pending="Loading creatives…" empty="This campaign has no creatives yet.">
        {(list) => (
          <ScrollTable label="Creatives">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Size</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Updated</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((creative) => (
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
                  <TableCell>{formatDate(creative.updated_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
        )}
      </QueryView>
    </>
  );
}
