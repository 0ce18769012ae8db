/** The signed-in user's own account (profile, password, settings): the service's type. */
export type { AccountService } from './account.service';
