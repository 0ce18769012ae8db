import { PlaceholderPage } from '../../components/ui/placeholder-page';

export const ExternalReportPage = () => <PlaceholderPage title="Campaign Report" />;
