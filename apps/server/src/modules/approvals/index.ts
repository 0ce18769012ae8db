/** Publishers' approvals of a campaign's creatives: the service's type and the demo seed. */

export { seedApprovals } from './approvals.seed';
export type { ApprovalsService } from './approvals.service';
