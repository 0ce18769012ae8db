import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { QueryView } from '../../../components/ui/query-view';
import type { Timeframe } from '../../../lib/timeframe';
import { useCampaignReport } from '../api/get-campaign-report';
import { CampaignReport } from './campaign-report';

/** The campaign's own report for a timeframe (its sharing tab): the same view the shared link shows. */
export function CampaignOwnReport({
  campaignId,
  timeframe,
}: {
  campaignId: number;
  timeframe: Timeframe | null;
}) {
  const headingId = useId();
  const report = useCampaignReport(campaignId, timeframe);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" component="h2" sx={{ mb: 1 }}>
        Report
      </Typography>
      <QueryView query={report} pending="Loading the report…" error="The report could not be loaded.">
        {(data) => <CampaignReport report={data} updating={report.isPlaceholderData} headingLevel={3} />}
      </QueryView>
    </Box>
  );
}
