import { type AreaTasks, worker } from '../../plugins/tasks';
import { DELIVER_JOB, DISPATCH_EVERY_MS } from './webhook-dispatch';

/**
 * Delivery from the outbox: a tick on each instance fans new events out and queues one delivery
 * job per webhook with a delivery due; old deliveries are pruned at start and hourly (the events
 * are the outbox's to prune: outbox.tasks.ts).
 */
export const webhooksTasks: AreaTasks = ({ services: { webhookDispatch: dispatch } }) => ({
  workers: [worker<{ webhookId: number }>(DELIVER_JOB, (job) => dispatch.deliver(job.data.webhookId))],
  timers: [
    { name: 'webhook dispatch', everyMs: DISPATCH_EVERY_MS, run: () => dispatch.tick() },
    { name: 'webhook prune', everyMs: 3_600_000, run: () => dispatch.prune(), onReady: true },
  ],
});
