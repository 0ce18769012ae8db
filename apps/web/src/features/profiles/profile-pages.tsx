import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { useOpenItem } from '../../lib/current-item';

export const ProfilesListPage = () => <PlaceholderPage title="Profiles" />;
export const ProfileNewPage = () => <PlaceholderPage title="New Profile" />;

export function ProfileViewPage() {
  const { id } = useParams();
  useOpenItem('profiles', id);
  return <PlaceholderPage title={`Profile #${id}`} />;
}

export function ProfileErrorsPage() {
  const { id } = useParams();
  useOpenItem('profiles', id);
  return <PlaceholderPage title="Profile Errors" details={`Import errors of profile #${id}`} />;
}
