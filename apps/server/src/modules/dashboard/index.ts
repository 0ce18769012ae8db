/** The dashboard's figures: the service's type. */
export type { DashboardService } from './dashboard.service';
