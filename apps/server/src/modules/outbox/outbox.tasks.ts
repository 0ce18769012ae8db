import type { AreaTasks } from '../../plugins/tasks';

/** How often events every consumer has passed are pruned (and once at start). */
const PRUNE_EVERY_MS = 3_600_000;

/** The outbox's upkeep: its consumers read on their own timers; pruning is the outbox's. */
export const outboxTasks: AreaTasks = ({ services: { outbox } }) => ({
  timers: [{ name: 'outbox prune', everyMs: PRUNE_EVERY_MS, run: () => outbox.prune(), onReady: true }],
});
