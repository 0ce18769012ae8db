import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function ApprovalsPage() {
  const { approvalId } = useParams();
  return <PlaceholderPage title="Approvals" details={approvalId ? `Approval #${approvalId}` : undefined} />;
}
