import {
  EMAIL_TAKEN,
  INVITATION_DAYS,
  INVITATION_INVALID,
  type Invitation,
  type InvitationCreate,
  isAdmin,
  LAST_ADMIN,
  NOT_INVITED,
  type TeamListQuery,
  type TeamMember,
  type TeamMemberUpdate,
  type User,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { diff } from '../../lib/audit-changes';
import { isUniqueViolation } from '../../lib/db-errors';
import { found, unprocessable } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import type { ListPage } from '../../lib/list';
import type { Sealer } from '../../lib/secrets';
import { nowIso } from '../../lib/time';
import type { AuditLog } from '../audit';
import type { OutboxEmit } from '../outbox';
import { linkIssuer, linkRedeemer } from './user-links';
import type { UserLinksRepository } from './user-links.repository';
import { toUser, type UsersRepository } from './users.repository';

/** The SPA's page an invitation's link opens (apps/web/src/config/paths.ts). */
export const invitationPath = (token: string) => `/invitation/${token}`;

interface Deps {
  users: UsersRepository;
  links: UserLinksRepository;
  /** Ends every session of a user (a deactivation). */
  endSessions(userId: number, trx: Executor): Promise<unknown>;
  /** Revokes every access token of `ownerId`, audited as `actor`'s doing. */
  revokeTokens(actor: User, trx: Executor, ownerId: number): Promise<number>;
  /** Writes an outbox event in the change's transaction (the invitation's e-mail). */
  emit: OutboxEmit;
  audit: AuditLog;
  transaction: Transactor;
  /** Seals an invitation's token for the e-mail that carries it (the outbox stores no plain token). */
  sealer: Sealer;
  /** Whether e-mail goes out (SMTP_URL); without, the admin is given the link once. */
  mails: boolean;
  spaUrl(path: string): string;
}

const listOf = (text: string) => parseJson<string[]>(text, []);

/**
 * The team (docs/design.md §13): admins list the company's users, invite new ones (a one-time link
 * of 256 random bits, stored hashed, 7 days, single use, e-mailed through the outbox or shown to
 * the admin once), change their name, role and permissions, deactivate and reactivate them. The
 * company always keeps an active admin. A change is seen on the user's next request: sessions and
 * tokens read the user each time.
 */
export function createTeamService(deps: Deps) {
  const { users, links, audit, transaction } = deps;

  const member = (row: UserRow, expiresAt: string | null = null): TeamMember => ({
    id: row.id,
    email: row.email,
    name: row.name,
    status: row.status,
    roles: listOf(row.roles),
    permissions: listOf(row.permissions),
    two_factor: row.two_factor_confirmed_at !== null,
    last_sign_in_at: row.last_sign_in_at,
    invited_at: row.invited_at,
    expires_at: row.status === 'invited' ? expiresAt : null,
    deactivated_at: row.deactivated_at,
    created_at: row.created_at,
  });

  const target = async (user: User, id: number, trx?: Executor) =>
    found(await users.inCompany(user.company_id, id, trx));

  /** 422 on `field` when `row` is the company's last active admin and the change would end that. */
  const keepAnAdmin = async (row: UserRow, field: string, trx: Executor) => {
    if (row.status === 'active' && isAdmin({ roles: listOf(row.roles), permissions: [] }))
      if ((await users.otherActiveAdmins(row.company_id, row.id, trx)) === 0)
        throw unprocessable({ [field]: [LAST_ADMIN] });
  };

  /** A new invitation link for `row`, its e-mail queued in the same transaction; the token and expiry. */
  const issue = linkIssuer(deps);
  const redeem = linkRedeemer(deps);
  /** A new invitation link for `row`, its e-mail queued in the same transaction. */
  const newLink = (actor: User, row: UserRow, trx: Executor) =>
    issue(
      row,
      { purpose: 'invitation', ttlMs: INVITATION_DAYS * 86_400_000, createdBy: actor.id },
      { type: 'user.invited', data: { invited_by: actor.name } },
      trx,
    );

  const invitation = (row: UserRow, link: { token: string; expiresAt: string }): Invitation => ({
    id: row.id,
    email: row.email,
    name: row.name,
    status: 'invited',
    roles: listOf(row.roles),
    permissions: listOf(row.permissions),
    invited_at: row.invited_at ?? row.created_at,
    expires_at: link.expiresAt,
    ...(deps.mails ? {} : { invitation_url: deps.spaUrl(invitationPath(link.token)) }),
  });

  const setStatus = (actor: User, row: UserRow, status: UserRow['status'], trx: Executor) =>
    Promise.all([
      users.update(row.id, { status, deactivated_at: status === 'deactivated' ? nowIso() : null }, trx),
      audit.log(trx, actor, {
        entityId: row.id,
        action: 'status',
        changes: { status: [row.status, status] },
      }),
    ]);

  return {
    async list(user: User, query: TeamListQuery): Promise<ListPage<TeamMember>> {
      const page = await users.teamPage(user.company_id, query);
      const invited = page.data.filter((row) => row.status === 'invited').map((row) => row.id);
      const expiries = await links.invitationExpiries(invited);
      return { ...page, data: page.data.map((row) => member(row, expiries.get(row.id) ?? null)) };
    },

    async invite(user: User, body: InvitationCreate): Promise<Invitation> {
      const refused = () => unprocessable({ email: [EMAIL_TAKEN] });
      try {
        return await transaction(async (trx) => {
          // Emails are unique over every user, of any company: one sign-in, one account.
          if (await users.emailTakenByOther(body.email, 0, trx)) throw refused();
          const now = nowIso();
          const row = await users.insert(
            {
              company_id: user.company_id,
              name: body.name,
              email: body.email,
              password_hash: '',
              roles: JSON.stringify(body.roles),
              permissions: JSON.stringify(body.permissions),
              status: 'invited',
              invited_at: now,
            },
            trx,
          );
          const link = await newLink(user, row, trx);
          const { email, name, roles, permissions } = body;
          await audit.log(trx, user, {
            entityId: row.id,
            action: 'created',
            changes: {
              status: [null, 'invited'],
              email: [null, email],
              name: [null, name],
              roles: [null, roles],
              permissions: [null, permissions],
            },
          });
          return invitation(row, link);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw refused();
        throw error;
      }
    },

    /** A new link for a pending invitation (the old one stops working), e-mailed again. */
    resend: (user: User, id: number): Promise<Invitation> =>
      transaction(async (trx) => {
        const row = await target(user, id, trx);
        if (row.status !== 'invited') throw unprocessable({ id: [NOT_INVITED] });
        const link = await newLink(user, row, trx);
        await audit.log(trx, user, {
          entityId: row.id,
          action: 'updated',
          changes: { invitation_expires_at: [null, link.expiresAt] },
        });
        return invitation(row, link);
      }),

    /** Revokes a pending invitation: the invited user, who never joined, goes with it. */
    revokeInvitation: (user: User, id: number): Promise<void> =>
      transaction(async (trx) => {
        const row = await target(user, id, trx);
        if (row.status !== 'invited' || !(await users.removeInvited(user.company_id, id, trx)))
          throw unprocessable({ id: [NOT_INVITED] });
        await audit.log(trx, user, {
          entityId: id,
          action: 'deleted',
          changes: { email: [row.email, null] },
        });
      }),

    update: (user: User, id: number, body: TeamMemberUpdate): Promise<TeamMember> =>
      transaction(async (trx) => {
        const row = await target(user, id, trx);
        const before = { name: row.name, roles: listOf(row.roles), permissions: listOf(row.permissions) };
        const changes = diff(before, body);
        if (Object.keys(changes).length === 0) return member(row);
        if (changes.roles && !body.roles?.includes('admin')) await keepAnAdmin(row, 'roles', trx);
        await users.update(
          id,
          {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.roles !== undefined ? { roles: JSON.stringify(body.roles) } : {}),
            ...(body.permissions !== undefined ? { permissions: JSON.stringify(body.permissions) } : {}),
          },
          trx,
        );
        await audit.log(trx, user, { entityId: id, action: 'updated', changes });
        return member(await target(user, id, trx));
      }),

    /** Locks a user out: every session and access token stops at once; their work stays, named. */
    deactivate: (user: User, id: number): Promise<TeamMember> =>
      transaction(async (trx) => {
        const row = await target(user, id, trx);
        if (row.status === 'deactivated') return member(row);
        if (row.status === 'invited') throw unprocessable({ id: ['Revoke the invitation instead.'] });
        await keepAnAdmin(row, 'status', trx);
        await deps.endSessions(id, trx);
        await deps.revokeTokens(user, trx, id);
        await setStatus(user, row, 'deactivated', trx);
        return member(await target(user, id, trx));
      }),

    activate: (user: User, id: number): Promise<TeamMember> =>
      transaction(async (trx) => {
        const row = await target(user, id, trx);
        if (row.status !== 'deactivated') return member(row);
        await setStatus(user, row, 'active', trx);
        return member(await target(user, id, trx));
      }),

    /**
     * Joins through an invitation: the link (single use, unexpired) sets the password and makes the
     * user active. Answers the user, whom the route signs in.
     */
    accept: (token: string, password: string): Promise<UserRow> =>
      redeem(
        token,
        password,
        { purpose: 'invitation', status: 'invited', invalid: INVITATION_INVALID },
        async (row, hash, trx) => {
          await users.update(row.id, { password_hash: hash, status: 'active' }, trx);
          // They joined themselves: the entry names them.
          await audit.log(trx, toUser(row), {
            entityId: row.id,
            action: 'status',
            changes: { status: ['invited', 'active'] },
          });
          return found(await users.inCompany(row.company_id, row.id, trx));
        },
      ),
  };
}
export type TeamService = ReturnType<typeof createTeamService>;
