/** Campaign reports (the signed-in one and the shared link's): the service's type. */
export type { ReportsService } from './reports.service';
