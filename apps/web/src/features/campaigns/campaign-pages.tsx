/** The campaigns section's pages; the router lazy-loads this module (and the DataGrid with it). */
export { CampaignNewPage } from './campaign-new-page';
export { CampaignViewPage } from './campaign-view-page';
export { CampaignsListPage } from './campaigns-list-page';
