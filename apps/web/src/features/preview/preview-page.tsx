import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function ExternalPreviewPage() {
  const { profileRuleId } = useParams();
  return (
    <PlaceholderPage
      title="Creative Preview"
      details={profileRuleId ? `Profile rule #${profileRuleId}` : undefined}
    />
  );
}
