import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { useOpenItem } from '../../lib/current-item';

export const CreativesListPage = () => <PlaceholderPage title="Creatives" />;

/** New creative; `/creatives/new/:campaignId` preselects the campaign. */
export function CreativeNewPage() {
  const { campaignId } = useParams();
  return (
    <PlaceholderPage title="New Creative" details={campaignId ? `For campaign #${campaignId}` : undefined} />
  );
}

export function CreativeViewPage() {
  const { id } = useParams();
  useOpenItem('creatives', id);
  return <PlaceholderPage title={`Creative #${id}`} />;
}
