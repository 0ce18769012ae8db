import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

export const AssetsPage = () => <PlaceholderPage title="Assets" details="Assets by campaign" />;

export function CreativeAssetsPage() {
  const { id } = useParams();
  return <PlaceholderPage title="Creative Assets" details={`Assets of creative #${id}`} />;
}

export function CampaignCreativesPage() {
  const { id } = useParams();
  return <PlaceholderPage title="Campaign Creatives" details={`Creatives of campaign #${id}`} />;
}
