import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams, useSearchParams } from 'react-router';
import { LoadingState } from '../../components/ui/states';
import { TokenLinkError } from '../../components/ui/token-link-error';
import { parseTimeframe, type Timeframe } from '../../lib/timeframe';
import { useExternalReport } from './api/get-external-report';
import { useReportNews } from './api/get-report-news';
import { CampaignReport } from './components/campaign-report';
import { WhatsNew } from './components/whats-new';

/**
 * `/externalreport/{token}`: a campaign's report shared with someone outside — what changed since
 * their last visit, the totals, the days, the creatives and variants. The timeframe lives in the
 * address (`?start=&end=`), so a reload or a copied address shows the same days.
 */
export function ExternalReportPage() {
  const { token = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const timeframe = parseTimeframe(searchParams.get('start'), searchParams.get('end'));
  const report = useExternalReport(token, timeframe);
  const news = useReportNews(token, { enabled: report.isSuccess && !report.isPlaceholderData });

  const onTimeframe = (next: Timeframe | null) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.delete('start');
      params.delete('end');
      if (next) {
        params.set('start', next.start);
        params.set('end', next.end);
      }
      return params;
    });

  if (report.isPending) return <LoadingState label="Loading the report…" />;
  if (report.isError) return <TokenLinkError error={report.error} what="the report" />;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1">{report.data.campaign.name}</Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          Campaign report
        </Typography>
      </Box>
      {news.data ? <WhatsNew news={news.data} /> : null}
      <CampaignReport
        report={report.data}
        timeframe={timeframe}
        onTimeframe={onTimeframe}
        updating={report.isPlaceholderData}
      />
    </Stack>
  );
}
