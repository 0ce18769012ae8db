import { WEBHOOK_DELIVERIES_LISTED } from '@adstudio/contract';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { WebhookDeliveriesTable, WebhooksTable } from '../../db/schema';

/** Webhooks and their deliveries as rows; every query a user's request makes is scoped by company. */
/** What a new delivery is of: the event, its body and the webhook it goes to. */
export type NewDelivery = Pick<
  Insertable<WebhookDeliveriesTable>,
  'company_id' | 'webhook_id' | 'event_id' | 'event' | 'body'
>;

export const createWebhooksRepository = (db: Db) => ({
  list: (companyId: number, trx: Executor = db) =>
    trx.selectFrom('webhooks').selectAll().where('company_id', '=', companyId).orderBy('id').execute(),

  find: (companyId: number, id: number, trx: Executor = db) =>
    trx
      .selectFrom('webhooks')
      .selectAll()
      .where((eb) => eb.and({ company_id: companyId, id }))
      .executeTakeFirst(),

  count: async (companyId: number, trx: Executor = db) =>
    Number(
      (
        await trx
          .selectFrom('webhooks')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  insert: (row: Insertable<WebhooksTable>, trx: Executor = db) =>
    trx.insertInto('webhooks').values(row).returningAll().executeTakeFirstOrThrow(),

  update: (companyId: number, id: number, set: Updateable<WebhooksTable>, trx: Executor = db) =>
    trx
      .updateTable('webhooks')
      .set(set)
      .where((eb) => eb.and({ company_id: companyId, id }))
      .returningAll()
      .executeTakeFirst(),

  remove: async (companyId: number, id: number, trx: Executor = db) =>
    Number(
      (
        await trx
          .deleteFrom('webhooks')
          .where((eb) => eb.and({ company_id: companyId, id }))
          .executeTakeFirst()
      ).numDeletedRows,
    ) > 0,

  deliveries: (companyId: number, webhookId: number, trx: Executor = db) =>
    trx
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where((eb) => eb.and({ company_id: companyId, webhook_id: webhookId }))
      .orderBy('id', 'desc')
      .limit(WEBHOOK_DELIVERIES_LISTED)
      .execute(),

  delivery: (companyId: number, webhookId: number, id: number, trx: Executor = db) =>
    trx
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where((eb) => eb.and({ company_id: companyId, webhook_id: webhookId, id }))
      .executeTakeFirst(),

  /** New deliveries of events, each due at once (`at`): no attempt made yet. */
  insertDeliveries: (rows: NewDelivery[], at: string, trx: Executor = db) =>
    rows.length === 0
      ? Promise.resolve([])
      : trx
          .insertInto('webhook_deliveries')
          .values(
            rows.map((row) => ({
              ...row,
              next_attempt_at: at,
              created_at: at,
              response_status: null,
              ms: null,
              response_excerpt: null,
              delivered_at: null,
            })),
          )
          .returningAll()
          .execute(),

  /** A delivery already made (the test event): sent once, never pending, so no job picks it up. */
  insertSent: (
    row: NewDelivery &
      Pick<
        Insertable<WebhookDeliveriesTable>,
        'status' | 'response_status' | 'ms' | 'response_excerpt' | 'delivered_at' | 'created_at'
      >,
    trx: Executor = db,
  ) =>
    trx
      .insertInto('webhook_deliveries')
      .values({ ...row, attempt: 1, next_attempt_at: null })
      .returningAll()
      .executeTakeFirstOrThrow(),

  // The dispatcher's reads (no user: the job carries ids).

  /** The companies' active webhooks (what an event fans out to). */
  activeOf: (companyIds: readonly number[], trx: Executor) =>
    trx
      .selectFrom('webhooks')
      .select(['id', 'company_id', 'events'])
      .where('company_id', 'in', companyIds)
      .where('active', '=', 1)
      .execute(),

  /** Webhooks with a pending delivery due by `now`. */
  dueWebhooks: (now: string, trx: Executor = db) =>
    trx
      .selectFrom('webhook_deliveries')
      .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
      .select('webhook_deliveries.webhook_id')
      .distinct()
      .where('webhook_deliveries.status', '=', 'pending')
      .where('webhook_deliveries.next_attempt_at', '<=', now)
      .where('webhooks.active', '=', 1)
      .execute(),

  webhookById: (id: number, trx: Executor = db) =>
    trx.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst(),

  /** A webhook's oldest pending delivery (order per webhook: none overtakes it). */
  oldestPending: (webhookId: number, trx: Executor = db) =>
    trx
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .where('status', '=', 'pending')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),

  recordAttempt: (id: number, set: Updateable<WebhookDeliveriesTable>, trx: Executor = db) =>
    trx.updateTable('webhook_deliveries').set(set).where('id', '=', id).execute(),

  setWebhook: (id: number, set: Updateable<WebhooksTable>, trx: Executor = db) =>
    trx.updateTable('webhooks').set(set).where('id', '=', id).execute(),

  /** Keeps the last `keep` deliveries of every webhook. */
  pruneDeliveries: (keep: number) =>
    sql`delete from webhook_deliveries where status <> 'pending' and id not in (
          select id from (select id, row_number() over (partition by webhook_id order by id desc) as n
                          from webhook_deliveries) ranked where n <= ${keep})`.execute(db),
});
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
