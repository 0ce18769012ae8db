import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { useOpenItem } from '../../lib/current-item';
import { formatDate } from '../../lib/format';

export const CampaignsListPage = () => <PlaceholderPage title="Campaigns" />;
export const CampaignNewPage = () => <PlaceholderPage title="New Campaign" />;

/** One campaign; with `start` and `end` it opens on that report timeframe. */
export function CampaignViewPage() {
  const { id, start, end } = useParams();
  useOpenItem('campaigns', id);
  const timeframe =
    start && end ? `Report ${formatDate(start) || start} – ${formatDate(end) || end}` : undefined;
  return <PlaceholderPage title={`Campaign #${id}`} details={timeframe} />;
}
