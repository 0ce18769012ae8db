/**
 * The signed-in user's own account (profile, password, settings): the service's type, and how a
 * user's stored settings read (e-mail asks whether a person wants it).
 */
export type { AccountService } from './account.service';
export { settingsOf } from './account.service';
