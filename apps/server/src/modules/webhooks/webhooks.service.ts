import {
  isAdmin,
  type NewWebhook,
  type User,
  WEBHOOK_PING,
  WEBHOOK_PING_NOT_REDELIVERED,
  WEBHOOKS_MAX,
  WEBHOOKS_TOO_MANY,
  type Webhook,
  type WebhookCreate,
  type WebhookDeliveredEvent,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookUpdate,
  webhookOffMessage,
} from '@adstudio/contract';
import type { Selectable } from 'kysely';
import type { Transactor } from '../../db/database';
import type { WebhookDeliveriesTable, WebhooksTable } from '../../db/schema';
import { forbidden, found, HttpError, notFound, unprocessable } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import type { Sealer } from '../../lib/secrets';
import { nowIso } from '../../lib/time';
import { randomToken } from '../../lib/tokens';
import type { SavedUrlCheck } from '../../net/saved-url';
import type { AuditLog } from '../audit';
import type { OutboxEmit } from '../outbox';
import { eventBody, type WebhookSender } from './webhook-send';
import type { WebhooksRepository } from './webhooks.repository';

interface Deps {
  webhooks: WebhooksRepository;
  /** Refuses a URL the SSRF guard would refuse at every delivery (422 on `url`). */
  reachable: SavedUrlCheck;
  sealer: Sealer;
  audit: AuditLog;
  transaction: Transactor;
  /** The signed, guarded POST deliveries make. */
  send: WebhookSender;
  /** Writes an event to the outbox and answers its id (the test event's id is an event id like any other). */
  emit: OutboxEmit;
}

/** `YYYY-MM-DD…` as DD/MM/YYYY (spec section 9), in UTC. */
const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const shown = (row: Selectable<WebhooksTable>): Webhook => ({
  id: row.id,
  url: row.url,
  events: parseJson<WebhookEvent[]>(row.events, []),
  description: row.description,
  active: row.active === 1,
  failing_since: row.failing_since,
  disabled_reason: row.disabled_reason,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const deliveryOf = (row: Selectable<WebhookDeliveriesTable>): WebhookDelivery => ({
  id: row.id,
  event_id: row.event_id,
  event: row.event as WebhookDeliveredEvent,
  status: row.status,
  attempt: row.attempt,
  response_status: row.response_status,
  ms: row.ms,
  response_excerpt: row.response_excerpt,
  next_attempt_at: row.next_attempt_at,
  created_at: row.created_at,
  delivered_at: row.delivered_at,
});

/**
 * Webhooks in Settings (docs/design.md §12): admins create, read, change and remove the
 * company's webhooks, list a webhook's latest deliveries and send one again. The signing secret is
 * shown once and stored sealed with APP_KEY.
 */
export function createWebhooksService({ webhooks, reachable, sealer, audit, transaction, send, emit }: Deps) {
  const assertAdmin = (user: User) => {
    if (!isAdmin(user)) throw forbidden();
  };
  const mustFind = async (user: User, id: number) => {
    assertAdmin(user);
    return found(await webhooks.find(user.company_id, id));
  };

  return {
    async list(user: User): Promise<Webhook[]> {
      assertAdmin(user);
      return (await webhooks.list(user.company_id)).map(shown);
    },

    get: async (user: User, id: number) => shown(await mustFind(user, id)),

    async create(user: User, body: WebhookCreate): Promise<NewWebhook> {
      assertAdmin(user);
      reachable(body.url);
      const secret = `whsec_${randomToken(32)}`;
      const now = nowIso();
      return transaction(async (trx) => {
        if ((await webhooks.count(user.company_id, trx)) >= WEBHOOKS_MAX)
          throw unprocessable({}, WEBHOOKS_TOO_MANY);
        const row = await webhooks.insert(
          {
            company_id: user.company_id,
            url: body.url,
            events: JSON.stringify(body.events),
            description: body.description ?? null,
            secret: sealer.seal(secret),
            failing_since: null,
            disabled_reason: null,
            created_at: now,
            updated_at: now,
          },
          trx,
        );
        await audit.log(trx, user, {
          entityId: row.id,
          action: 'created',
          changes: { url: [null, row.url], events: [null, body.events] },
        });
        return { ...shown(row), secret };
      });
    },

    async update(user: User, id: number, body: WebhookUpdate): Promise<Webhook> {
      const before = await mustFind(user, id);
      reachable(body.url);
      const reactivated = body.active === true && before.active !== 1;
      return transaction(async (trx) => {
        const row = await webhooks.update(
          user.company_id,
          id,
          {
            ...(body.url !== undefined ? { url: body.url } : {}),
            ...(body.events !== undefined ? { events: JSON.stringify(body.events) } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(body.active !== undefined ? { active: body.active ? 1 : 0 } : {}),
            // Turned on again: its failure streak starts over.
            ...(reactivated ? { failing_since: null, disabled_reason: null } : {}),
            updated_at: nowIso(),
          },
          trx,
        );
        if (!row) throw notFound();
        await audit.log(trx, user, {
          entityId: id,
          action: 'updated',
          changes: Object.fromEntries(
            (['url', 'events', 'description', 'active'] as const)
              .filter((field) => String(before[field]) !== String(row[field]))
              .map((field) => [field, [before[field], row[field]]]),
          ),
        });
        return shown(row);
      });
    },

    async remove(user: User, id: number): Promise<void> {
      const row = await mustFind(user, id);
      await transaction(async (trx) => {
        if (!(await webhooks.remove(user.company_id, id, trx))) throw notFound();
        await audit.log(trx, user, { entityId: id, action: 'deleted', changes: { url: [row.url, null] } });
      });
    },

    async deliveries(user: User, id: number): Promise<WebhookDelivery[]> {
      await mustFind(user, id);
      return (await webhooks.deliveries(user.company_id, id)).map(deliveryOf);
    },

    /**
     * Sends a delivery's event again: a new delivery of the same event and body, queued at once. A
     * webhook that is off sends nothing, so it is refused (409) rather than queued unseen; a test event
     * is sent anew instead.
     */
    async redeliver(user: User, id: number, deliveryId: number): Promise<WebhookDelivery> {
      const hook = await mustFind(user, id);
      const original = found(await webhooks.delivery(user.company_id, id, deliveryId));
      if (original.event === WEBHOOK_PING) throw unprocessable({}, WEBHOOK_PING_NOT_REDELIVERED);
      if (hook.active !== 1)
        throw new HttpError(409, webhookOffMessage(hook.disabled_reason ? day(hook.updated_at) : null));
      const { company_id, webhook_id, event_id, event, body } = original;
      const [copy] = await webhooks.insertDeliveries(
        [{ company_id, webhook_id, event_id, event, body }],
        nowIso(),
      );
      return deliveryOf(copy!);
    },

    /**
     * Sends the test event now, on or off, through the same signing and guard as deliveries, and
     * answers it as a delivery recorded with the receiver's answer. It is not retried and does not
     * count in the failures that turn a webhook off.
     */
    async ping(user: User, id: number): Promise<WebhookDelivery> {
      const hook = await mustFind(user, id);
      const data = { webhook_id: hook.id };
      const created_at = nowIso();
      const eventId = await transaction((trx) =>
        emit(trx, { company_id: hook.company_id, type: WEBHOOK_PING, data }),
      );
      const body = eventBody({
        id: eventId,
        type: WEBHOOK_PING,
        created_at,
        company_id: hook.company_id,
        data,
      });
      const sent = await send(hook, { id: eventId, type: WEBHOOK_PING, body });
      const row = await webhooks.insertSent({
        company_id: hook.company_id,
        webhook_id: hook.id,
        event_id: eventId,
        event: WEBHOOK_PING,
        body,
        status: sent.ok ? 'delivered' : 'failed',
        response_status: sent.status,
        ms: sent.ms,
        response_excerpt: sent.excerpt,
        created_at,
        delivered_at: sent.ok ? nowIso() : null,
      });
      return deliveryOf(row);
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
