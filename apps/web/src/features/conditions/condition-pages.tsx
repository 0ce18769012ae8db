import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { useOpenItem } from '../../lib/current-item';

export const ConditionsListPage = () => <PlaceholderPage title="Conditions" />;
export const ConditionNewPage = () => <PlaceholderPage title="New Condition" />;

export function ConditionViewPage() {
  const { id } = useParams();
  useOpenItem('conditions', id);
  return <PlaceholderPage title={`Condition #${id}`} />;
}
