import { type Profile, SYNC_FAILED } from '@adstudio/contract';
import type { AlertPayload } from '../../lib/alert';
import { formatCounted } from '../../lib/format';
import { rejectedRows, rejectedText } from './sync-story';

/** The banner's name for a profile's sync job. */
export const syncJob = (profile: Pick<Profile, 'id'>) => `profile:${profile.id}:sync`;

/** Said when a sync starts (`message`: what started it); its outcome replaces it (syncOutcome). */
export const syncStarted = (profile: Pick<Profile, 'id' | 'name'>, message = `Syncing ${profile.name}…`) =>
  ({ status: 200, data: { message }, progressOf: syncJob(profile) }) satisfies AlertPayload;

/**
 * How a sync ended, with the way to its profile; a failure says spec section 8's words. A sync that
 * left rows out is a warning whose Open goes to the errors.
 */
export function syncOutcome(
  profile: Pick<Profile, 'id' | 'name' | 'status' | 'rows_active' | 'rows_total' | 'rows_with_errors'>,
): AlertPayload | null {
  const goToView = { name: 'profile', id: profile.id };
  const rules = formatCounted(profile.rows_active, 'active rule');
  if (rejectedRows(profile)) {
    return {
      status: 200,
      color: 'warning',
      data: { message: `${profile.name} synced: ${rejectedText(profile)}; ${rules}.` },
      goToView: { name: 'profile.errors', id: profile.id },
    };
  }
  switch (profile.status) {
    case 'synced':
      return {
        status: 200,
        data: { message: `${profile.name} synced: ${rules}.` },
        goToView,
      };
    case 'failed':
      return { status: 422, data: { message: SYNC_FAILED }, goToView };
    case 'needs_confirmation':
      return {
        status: 422,
        data: { message: `The sync of ${profile.name} stopped: it needs your confirmation.` },
        goToView,
      };
    default:
      return null;
  }
}
