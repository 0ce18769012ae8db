import { type Profile, SYNC_FAILED } from '@adstudio/contract';
import type { AlertPayload } from '../../lib/alert';
import { formatCounted } from '../../lib/format';

/** The banner's name for a profile's sync job. */
export const syncJob = (profile: Pick<Profile, 'id'>) => `profile:${profile.id}:sync`;

/** Said when a sync starts (`message`: what started it); its outcome replaces it (syncOutcome). */
export const syncStarted = (profile: Pick<Profile, 'id' | 'name'>, message = `Syncing ${profile.name}…`) =>
  ({ status: 200, data: { message }, progressOf: syncJob(profile) }) satisfies AlertPayload;

/** How a sync ended, with the way to its profile; a failure says spec section 8's words. */
export function syncOutcome(
  profile: Pick<Profile, 'id' | 'name' | 'status' | 'rows_active'>,
): AlertPayload | null {
  const goToView = { name: 'profile', id: profile.id };
  switch (profile.status) {
    case 'synced':
      return {
        status: 200,
        data: { message: `${profile.name} synced: ${formatCounted(profile.rows_active, 'active rule')}.` },
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
