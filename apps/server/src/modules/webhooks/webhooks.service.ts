import {
  isAdmin,
  type NewWebhook,
  type User,
  WEBHOOKS_MAX,
  WEBHOOKS_TOO_MANY,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookUpdate,
} from '@adstudio/contract';
import type { Selectable } from 'kysely';
import type { Transactor } from '../../db/database';
import type { WebhookDeliveriesTable, WebhooksTable } from '../../db/schema';
import { forbidden, found, notFound, unprocessable } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import type { Sealer } from '../../lib/secrets';
import { nowIso } from '../../lib/time';
import { randomToken } from '../../lib/tokens';
import type { SavedUrlCheck } from '../../net/saved-url';
import type { AuditLog } from '../audit';
import type { WebhooksRepository } from './webhooks.repository';

interface Deps {
  webhooks: WebhooksRepository;
  /** Refuses a URL the SSRF guard would refuse at every delivery (422 on `url`). */
  reachable: SavedUrlCheck;
  sealer: Sealer;
  audit: AuditLog;
  transaction: Transactor;
}

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
  event: row.event as WebhookEvent,
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
export function createWebhooksService({ webhooks, reachable, sealer, audit, transaction }: Deps) {
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

    /** Sends a delivery's event again: a new delivery of the same event and body, queued at once. */
    async redeliver(user: User, id: number, deliveryId: number): Promise<WebhookDelivery> {
      await mustFind(user, id);
      const original = found(await webhooks.delivery(user.company_id, id, deliveryId));
      const { company_id, webhook_id, event_id, event, body } = original;
      const [copy] = await webhooks.insertDeliveries(
        [{ company_id, webhook_id, event_id, event, body }],
        nowIso(),
      );
      return deliveryOf(copy!);
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
