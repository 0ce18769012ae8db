import { SCHEDULE_PATTERN } from '@adstudio/contract';
import { HttpError } from '../../lib/http-errors';
import type { ProfilesRepository } from './profiles.repository';

const HOUR = 3_600_000;

/**
 * When a schedule (`hourly`, `every N hours`, `daily at HH:MM`, UTC) runs next after `from`:
 * hourly runs on the hour, every N hours N hours on, daily at the next such time of day.
 */
export function nextRun(schedule: string, from: Date): Date | null {
  const match = SCHEDULE_PATTERN.exec(schedule);
  if (!match) return null;
  if (match[1] === 'hourly') return new Date(Math.floor(from.getTime() / HOUR) * HOUR + HOUR);
  if (match[2]) return new Date(from.getTime() + Number(match[2]) * HOUR);
  const [hours, minutes] = (match[1] ?? '').slice('daily at '.length).split(':').map(Number);
  const next = new Date(
    Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), hours, minutes),
  );
  if (next.getTime() <= from.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/**
 * Starts the syncs whose schedule is due. Whoever moves a profile's next run on (a compare-and-set
 * on next_sync_at) starts it, so each run happens once across instances; a profile already syncing
 * skips this run.
 */
export async function runDueSchedules(
  profiles: Pick<ProfilesRepository, 'dueForSchedule' | 'advanceSchedule'>,
  /** Starts a profile's sync (the profiles service's `startSync`; a callback, so neither file imports the other). */
  startSync: (
    companyId: number,
    profileId: number,
    by: { trigger: 'schedule'; userId: null; confirm: false },
  ) => Promise<unknown>,
  now: Date,
): Promise<number> {
  let started = 0;
  for (const due of await profiles.dueForSchedule(now.toISOString())) {
    const next = due.schedule ? (nextRun(due.schedule, now)?.toISOString() ?? null) : null;
    if (!due.next_sync_at || !(await profiles.advanceSchedule(due.id, due.next_sync_at, next))) continue;
    try {
      await startSync(due.company_id, due.id, { trigger: 'schedule', userId: null, confirm: false });
      started++;
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
    }
  }
  return started;
}
