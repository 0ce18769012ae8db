import type { AreaTasks } from '../../plugins/tasks';

/** How often sessions that can no longer be used are deleted; cheap, and keeps the table small. */
const SESSION_SWEEP_EVERY_MS = 15 * 60_000;

/** Sessions past their end or idle too long are swept on a timer. */
export const authTasks: AreaTasks = ({ services: { auth } }) => ({
  timers: [{ name: 'session sweep', everyMs: SESSION_SWEEP_EVERY_MS, run: () => auth.sweepSessions() }],
});
