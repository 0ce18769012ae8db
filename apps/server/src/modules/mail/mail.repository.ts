import { type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { MailRetriesTable } from '../../db/schema';
import { activeUsers } from '../users';

/** The events e-mail tells people of. */
export const MAILED_EVENTS = [
  'approval.decided',
  'profile.sync_failed',
  'profile.needs_confirmation',
  'user.invited',
  'user.password_reset',
  'user.password_changed',
] as const;

/** An event e-mail will try again: a copy, since the outbox may prune the event meanwhile. */
export type MailRetry = Selectable<MailRetriesTable>;

/** What e-mail reads: its retries and who to tell, each scoped by the event's company. */
export const createMailRepository = (db: Db) => ({
  /** Retries due by `now`, oldest event first. */
  dueRetries: (now: string, limit: number, trx: Executor) =>
    trx
      .selectFrom('mail_retries')
      .selectAll()
      .where('retry_at', '<=', now)
      .orderBy('event_id')
      .limit(limit)
      .execute(),

  addRetry: (row: MailRetry, trx: Executor) =>
    trx
      .insertInto('mail_retries')
      .values(row)
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute(),

  setRetry: (eventId: number, set: { attempts: number; retry_at: string }, trx: Executor) =>
    trx.updateTable('mail_retries').set(set).where('event_id', '=', eventId).execute(),

  /** Sent, or given up. */
  dropRetry: (eventId: number, trx: Executor) =>
    trx.deleteFrom('mail_retries').where('event_id', '=', eventId).execute(),

  /** An invited user, while their invitation is pending (revoked or joined meanwhile: none). */
  invitee: (companyId: number, userId: number, trx: Executor = db) =>
    trx
      .selectFrom('users')
      .select(['users.id', 'users.name', 'users.email', 'users.settings'])
      .where((eb) => eb.and({ company_id: companyId, id: userId, status: 'invited' }))
      .executeTakeFirst(),

  /** An active user of the company (an account's own mail: a reset link, a changed password). */
  activeUser: (companyId: number, userId: number, trx: Executor = db) =>
    trx
      .selectFrom('users')
      .select(['users.id', 'users.name', 'users.email', 'users.settings'])
      .where((eb) => eb.and({ company_id: companyId, id: userId, status: 'active' }))
      .executeTakeFirst(),

  /** Who asked a publisher for approvals of a campaign (the links' makers), live users only. */
  requesters: (companyId: number, campaignId: number, mediaEntityId: number, trx: Executor = db) =>
    trx
      .selectFrom('approval_links')
      .innerJoin('users', 'users.id', 'approval_links.created_by')
      .select(['users.id', 'users.name', 'users.email', 'users.settings'])
      .distinct()
      .where((eb) =>
        eb.and({
          'approval_links.company_id': companyId,
          'approval_links.campaign_id': campaignId,
          'approval_links.media_entity_id': mediaEntityId,
        }),
      )
      .where(activeUsers)
      .execute(),

  /** The profile's creator (its audit entry) and the company's admins, active users only. */
  feedPeople: (companyId: number, profileId: number, trx: Executor = db) =>
    trx
      .selectFrom('users')
      .select(['users.id', 'users.name', 'users.email', 'users.settings'])
      .where('users.company_id', '=', companyId)
      .where(activeUsers)
      .where((eb) =>
        eb.or([
          sql<boolean>`users.roles like '%"admin"%'`,
          eb(
            'users.id',
            'in',
            eb
              .selectFrom('audit_log')
              .select('user_id')
              .where((eb) => eb.and({ company_id: companyId, entity_type: 'profile', entity_id: profileId }))
              .where('action', '=', 'created')
              .where('user_id', 'is not', null)
              .$castTo<number>(),
          ),
        ]),
      )
      .execute(),

  /** Names for an approval's e-mail (the company's rows only). */
  approvalNames: (
    companyId: number,
    ids: { campaignId: number; creativeId: number; mediaEntityId: number },
    trx: Executor = db,
  ) => {
    const nameOf = async (table: 'campaigns' | 'creatives' | 'media_entities', id: number) =>
      (
        await trx
          .selectFrom(table)
          .select('name')
          .where((eb) => eb.and({ company_id: companyId, id }))
          .executeTakeFirst()
      )?.name;
    return Promise.all([
      nameOf('campaigns', ids.campaignId),
      nameOf('creatives', ids.creativeId),
      nameOf('media_entities', ids.mediaEntityId),
    ]).then(([campaign, creative, publisher]) => ({
      campaign: campaign ?? `campaign #${ids.campaignId}`,
      creative: creative ?? `creative #${ids.creativeId}`,
      publisher: publisher ?? `publisher #${ids.mediaEntityId}`,
    }));
  },

  /** A profile's sync error, if any (the e-mail quotes it). */
  syncError: async (companyId: number, profileId: number, trx: Executor = db) =>
    (
      await trx
        .selectFrom('profiles')
        .select('sync_error')
        .where((eb) => eb.and({ company_id: companyId, id: profileId }))
        .executeTakeFirst()
    )?.sync_error ?? null,
});
export type MailRepository = ReturnType<typeof createMailRepository>;
