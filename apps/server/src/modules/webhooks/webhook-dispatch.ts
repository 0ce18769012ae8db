import type { Transactor } from '../../db/database';
import type { JobQueue } from '../../jobs/types';
import { failpoint } from '../../lib/failpoints';
import { nowIso } from '../../lib/time';
import type { OutboxConsumer } from '../outbox';
import { eventBody, type WebhookSender } from './webhook-send';
import type { WebhooksRepository } from './webhooks.repository';

/** The job that delivers one webhook's due deliveries, oldest first (one at a time per webhook). */
export const DELIVER_JOB = 'webhook.deliver';
/** How often each instance fans new events out and queues due webhooks. */
export const DISPATCH_EVERY_MS = 500;
/** Finished deliveries kept per webhook (more than the 100 it lists). */
const DELIVERIES_KEPT = 200;
/** A webhook failing this long without a success is turned off. */
export const DISABLE_AFTER_MS = 24 * 3600 * 1000;
const EVENTS_PER_TICK = 200;

interface Deps {
  transaction: Transactor;
  /** The outbox as webhooks read it: their cursor (fan-out moves it with the deliveries it writes). */
  events: OutboxConsumer;
  repository: WebhooksRepository;
  jobs: Pick<JobQueue, 'send'>;
  /** The signed, guarded POST. */
  send: WebhookSender;
  /** Seconds between attempts; their count + 1 is the number of tries. */
  retrySeconds: readonly number[];
}

/**
 * Delivering webhooks (docs/design.md §12). Each tick, on every instance,
 * fans the outbox's new events out to the subscribed webhooks — one delivery row per event and
 * webhook, with its body, in the transaction that moves webhooks' outbox cursor past them (on
 * PostgreSQL the cursor is locked there: one instance fans out at a time) — and queues one
 * delivery job per webhook that has a delivery due (a singleton per webhook, so deliveries keep
 * their order). A job sends the webhook's oldest pending delivery, and the next, until one fails:
 * that one waits for its next attempt (backoff), and the later ones behind it. At least once: a
 * delivery is marked delivered only after the receiver answered 2xx; a process killed in between
 * sends it again. Redirects are not followed; addresses go through the SSRF guard.
 */
export function createWebhookDispatch({
  transaction,
  events: outbox,
  repository,
  jobs,
  send,
  retrySeconds,
}: Deps) {
  async function fanOut(): Promise<number> {
    return transaction(async (trx) => {
      const events = await outbox.next(EVENTS_PER_TICK, trx);
      const last = events?.at(-1);
      if (!events || !last) return 0;
      const hooks = await repository.activeOf([...new Set(events.map((event) => event.company_id))], trx);
      const now = nowIso();
      const rows = events.flatMap((event) => {
        const body = eventBody({ ...event, data: JSON.parse(event.data) });
        return hooks
          .filter(
            (hook) =>
              hook.company_id === event.company_id &&
              (JSON.parse(hook.events) as string[]).includes(event.type),
          )
          .map((hook) => ({
            company_id: event.company_id,
            webhook_id: hook.id,
            event_id: event.id,
            event: event.type,
            body,
          }));
      });
      await repository.insertDeliveries(rows, now, trx);
      await outbox.advance(last.seq, trx);
      return events.length;
    });
  }

  /** One attempt of a delivery; answers whether the receiver took it. */
  async function attempt(
    hook: NonNullable<Awaited<ReturnType<WebhooksRepository['webhookById']>>>,
    delivery: NonNullable<Awaited<ReturnType<WebhooksRepository['oldestPending']>>>,
  ): Promise<boolean> {
    const { ok, status, ms, excerpt } = await send(hook, {
      id: delivery.event_id,
      type: delivery.event,
      body: delivery.body,
    });
    const now = nowIso();
    const tries = delivery.attempt + 1;
    if (ok) {
      await failpoint('webhook-sent');
      await repository.recordAttempt(delivery.id, {
        status: 'delivered',
        attempt: tries,
        response_status: status,
        ms,
        response_excerpt: excerpt,
        next_attempt_at: null,
        delivered_at: now,
      });
      if (hook.failing_since !== null) await repository.setWebhook(hook.id, { failing_since: null });
      return true;
    }
    const wait = retrySeconds[tries - 1];
    await repository.recordAttempt(delivery.id, {
      status: wait === undefined ? 'failed' : 'pending',
      attempt: tries,
      response_status: status,
      ms,
      response_excerpt: excerpt,
      next_attempt_at: wait === undefined ? null : new Date(Date.now() + wait * 1000).toISOString(),
    });
    const since = hook.failing_since ?? now;
    const off = Date.now() - Date.parse(since) >= DISABLE_AFTER_MS;
    await repository.setWebhook(hook.id, {
      failing_since: since,
      ...(off
        ? {
            active: 0,
            // When failures turned it off: what a redelivery refused meanwhile says.
            updated_at: now,
            disabled_reason: `Turned off after a day of failed deliveries (the last: ${status ?? excerpt}).`,
          }
        : {}),
    });
    return false;
  }

  return {
    /** Fans new events out and queues every webhook with a delivery due. */
    async tick(): Promise<void> {
      let fanned = 0;
      for (let batch = EVENTS_PER_TICK; batch === EVENTS_PER_TICK; fanned += batch) batch = await fanOut();
      if (fanned > 0) await failpoint('webhook-fanned');
      for (const { webhook_id } of await repository.dueWebhooks(nowIso()))
        await jobs.send(
          DELIVER_JOB,
          { webhookId: webhook_id },
          { singletonKey: `webhook-${webhook_id}`, maxAttempts: 1 },
        );
    },

    /** Drops all but the latest finished deliveries of each webhook (the outbox prunes its events). */
    async prune(): Promise<void> {
      await repository.pruneDeliveries(DELIVERIES_KEPT);
    },

    /** The delivery job: the webhook's due deliveries in order, until one fails or none is due. */
    async deliver(webhookId: number): Promise<void> {
      for (;;) {
        const hook = await repository.webhookById(webhookId);
        if (hook?.active !== 1) return;
        const next = await repository.oldestPending(webhookId);
        if (!next || next.next_attempt_at === null || Date.parse(next.next_attempt_at) > Date.now()) return;
        if (!(await attempt(hook, next))) return;
      }
    },
  };
}
export type WebhookDispatch = ReturnType<typeof createWebhookDispatch>;
