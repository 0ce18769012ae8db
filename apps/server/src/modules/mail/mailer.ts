import type { Db, Executor, Transactor } from '../../db/database';
import { parseJson } from '../../lib/json';
import { nowIso } from '../../lib/time';
import { settingsOf } from '../account';
import type { OutboxConsumer, OutboxEvent } from '../outbox';
import { MAILED_EVENTS, type MailRepository } from './mail.repository';
import { type MailContent, mailHtml, mailText } from './mail-message';

/** Events e-mailed per tick, at most. */
const PER_TICK = 20;
/** Outbox events looked at per tick, at most (most are not e-mail's). */
const SCANNED_PER_TICK = 200;
const MAILED: ReadonlySet<string> = new Set(MAILED_EVENTS);
/** Seconds between a failed e-mail's tries; then it is given up. */
const RETRY_SECONDS = [60, 300, 1800, 7200];
/** My Account, where each kind of e-mail is turned off: the SPA's `ROUTES.myaccount` (apps/web/src/config/paths.ts). */
export const MY_ACCOUNT_PATH = '/myaccount';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

interface Person {
  id: number;
  name: string;
  email: string;
  settings: string;
}

interface Deps {
  /** The database itself: on SQLite a tick runs outside a transaction (see `tick`). */
  db: Db;
  transaction: Transactor;
  postgres: boolean;
  repository: MailRepository;
  /** Sends one e-mail (nodemailer over SMTP_URL); undefined: e-mail is off. */
  send: ((mail: Mail) => Promise<void>) | undefined;
  /**
   * The outbox as e-mail reads it; undefined when e-mail is off, so that a consumer that does not
   * read holds no event back from pruning (turned on, it goes on from its cursor).
   */
  events: OutboxConsumer | undefined;
  /** A path of the SPA as a full URL (links in the e-mails). */
  spaUrl(path: string): string;
  /** An invitation's link from its sealed token in the event (the outbox holds no plain token). */
  invitationUrl(sealed: string): string;
  /** A password reset's link, the same way. */
  resetUrl(sealed: string): string;
  retrySeconds?: readonly number[];
}

const address = (person: Person) => `"${person.name.replace(/["\\\r\n]/g, ' ')}" <${person.email}>`;

/**
 * E-mail for what needs a person (docs/design.md §12), sent from the outbox, never inside a
 * request: a publisher's decision to whoever asked them for approvals; a failed or unconfirmed sync
 * to the feed's creator and the company's admins. Each person may turn either kind off (My
 * Account). At least once: e-mail's outbox cursor passes an event after its e-mails went, or
 * with the event copied to its retries (`mail_retries`), tried again later (RETRY_SECONDS), then
 * given up.
 */
export function createMailer({
  db,
  transaction,
  postgres,
  repository,
  send,
  events: outbox,
  spaUrl,
  invitationUrl,
  resetUrl,
  retrySeconds = RETRY_SECONDS,
}: Deps) {
  /** The run in progress: a tick meanwhile waits for it and the next run (`next`), never starts a second. */
  let running: Promise<void> | undefined;
  /** The run after the one under way, shared by every tick that came during it. */
  let next: Promise<void> | undefined;
  const settings = { label: 'Turn these e-mails off in My Account', url: spaUrl(MY_ACCOUNT_PATH) };
  /**
   * Headers mail clients and servers read: sent by a machine (no out-of-office replies to it), and
   * where to stop them. List-Unsubscribe names the settings page only; its one-click POST
   * (List-Unsubscribe-Post, RFC 8058) would need an endpoint that works without signing in.
   */
  const headers = { 'Auto-Submitted': 'auto-generated', 'List-Unsubscribe': `<${settings.url}>` };
  const mailTo = (person: Person, content: MailContent): Mail => ({
    to: address(person),
    subject: content.subject,
    text: mailText(content),
    html: mailHtml(content),
    // An account's own mail (an invitation) is not one to unsubscribe from.
    headers: content.settings ? headers : { 'Auto-Submitted': headers['Auto-Submitted'] },
  });

  async function compose(
    event: { company_id: number; type: string; data: string },
    trx: Executor,
  ): Promise<Mail[]> {
    const data = parseJson<Record<string, unknown>>(event.data, {});
    if (event.type === 'user.invited') {
      const person = await repository.invitee(event.company_id, Number(data.user_id), trx);
      if (!person) return [];
      const inviter = String(data.invited_by ?? 'An admin');
      const content: MailContent = {
        subject: `${inviter} invited you to Adstudio`,
        paragraphs: [
          `Hello ${person.name},`,
          `${inviter} invited you to join your company's team in Adstudio. Choose a password to sign in; the link works once, for 7 days.`,
        ],
        action: { label: 'Accept the invitation', url: invitationUrl(String(data.link)) },
        reason: 'You get this because an admin of your company invited you.',
      };
      return [mailTo(person, content)];
    }
    if (event.type === 'user.password_reset' || event.type === 'user.password_changed') {
      const person = await repository.activeUser(event.company_id, Number(data.user_id), trx);
      if (!person) return [];
      const content: MailContent =
        event.type === 'user.password_reset'
          ? {
              subject: 'Choose a new password for Adstudio',
              paragraphs: [
                `Hello ${person.name},`,
                'Someone asked for a link to choose a new password for your Adstudio account. It works once, for an hour. If it was not you, ignore this e-mail: your password stays as it is.',
              ],
              action: { label: 'Choose a new password', url: resetUrl(String(data.link)) },
              reason: 'You get this because a new password was asked for your account.',
            }
          : {
              subject: 'Your Adstudio password was changed',
              paragraphs: [
                `Hello ${person.name},`,
                'The password of your Adstudio account was just changed through a reset link, and every session of yours was signed out. If it was not you, ask an admin of your company to lock the account at once.',
              ],
              action: { label: 'Sign in', url: spaUrl('/') },
              reason: 'You get this because your password changed.',
            };
      return [mailTo(person, content)];
    }
    if (event.type === 'approval.decided') {
      const ids = {
        campaignId: Number(data.campaign_id),
        creativeId: Number(data.creative_id),
        mediaEntityId: Number(data.media_entity_id),
      };
      const people = (
        await repository.requesters(event.company_id, ids.campaignId, ids.mediaEntityId, trx)
      ).filter((person) => settingsOf(person.settings).email_approvals);
      if (people.length === 0) return [];
      const names = await repository.approvalNames(event.company_id, ids, trx);
      const verdict = data.status === 'approved' ? 'approved' : 'rejected';
      const comment = typeof data.comment === 'string' && data.comment ? data.comment : undefined;
      const content: MailContent = {
        subject: `${names.publisher} ${verdict} ${names.creative}`,
        paragraphs: [
          `${names.publisher} ${verdict} the creative "${names.creative}" of the campaign "${names.campaign}".`,
          ...(comment ? [`Their comment: ${comment}`] : []),
        ],
        action: {
          label: "See the campaign's approvals",
          url: spaUrl(`/campaigns/${ids.campaignId}?tab=approvals`),
        },
        reason: 'You get this because you asked them for approvals.',
        settings,
      };
      return people.map((person) => mailTo(person, content));
    }
    const profileId = Number(data.id);
    const people = (await repository.feedPeople(event.company_id, profileId, trx)).filter(
      (person) => settingsOf(person.settings).email_syncs,
    );
    if (people.length === 0) return [];
    const name = String(data.name ?? `#${profileId}`);
    const failed = event.type === 'profile.sync_failed';
    const why = failed ? await repository.syncError(event.company_id, profileId, trx) : null;
    const content: MailContent = {
      subject: failed
        ? `The feed "${name}" failed to sync`
        : `The feed "${name}" waits for your confirmation`,
      paragraphs: [
        failed
          ? `The latest sync of the feed "${name}" failed${why ? `: ${why.replace(/\.$/, '')}` : ''}. Its previous rules stay in place.`
          : `The latest sync of the feed "${name}" would drop more than a fifth of its active rows, so it waits for someone to confirm it.`,
      ],
      action: { label: 'Open the feed', url: spaUrl(`/profiles/${profileId}`) },
      reason: 'You get this because you made the feed or are an admin.',
      settings,
    };
    return people.map((person) => mailTo(person, content));
  }

  /** One try of an event's e-mails: whether they all went. */
  async function sent(event: Pick<OutboxEvent, 'company_id' | 'type' | 'data'>, trx: Executor) {
    try {
      for (const mail of await compose(event, trx)) await send!(mail);
      return true;
    } catch {
      return false;
    }
  }

  const later = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
  /** In `trx` on PostgreSQL (a tick's transaction); on SQLite, where a tick has none, in one of its own. */
  const atomically = (trx: Executor, work: (w: Executor) => Promise<void>) =>
    postgres ? work(trx) : transaction(work);

  async function mailDue(trx: Executor, events: OutboxConsumer) {
    // First, so that on PostgreSQL the cursor's lock keeps other instances off the retries too.
    const fresh = await events.next(SCANNED_PER_TICK, trx);
    if (fresh === undefined) return;
    let left = PER_TICK;
    for (const retry of await repository.dueRetries(nowIso(), PER_TICK, trx)) {
      left -= 1;
      const wait = retrySeconds[retry.attempts];
      if ((await sent(retry, trx)) || wait === undefined) await repository.dropRetry(retry.event_id, trx);
      else
        await repository.setRetry(
          retry.event_id,
          { attempts: retry.attempts + 1, retry_at: later(wait) },
          trx,
        );
    }
    let passed: number | undefined;
    for (const event of fresh) {
      if (MAILED.has(event.type)) {
        if (left === 0) break;
        left -= 1;
        if (await sent(event, trx)) await events.advance(event.seq, trx);
        else
          await atomically(trx, async (w) => {
            const wait = retrySeconds[0];
            if (wait !== undefined)
              await repository.addRetry(
                {
                  event_id: event.id,
                  company_id: event.company_id,
                  type: event.type,
                  data: event.data,
                  attempts: 1,
                  retry_at: later(wait),
                },
                w,
              );
            await events.advance(event.seq, w);
          });
      }
      passed = event.seq;
    }
    if (passed !== undefined) await events.advance(passed, trx);
  }

  return {
    /**
     * Sends the e-mails of due events. On PostgreSQL in a transaction that locks them (another
     * instance skips them); on SQLite (one process) without one, so no write waits on the network.
     * A tick during a run waits for it and for one run more, shared by every tick meanwhile: the
     * run under way may have read the events before the caller wrote its own (a test's manual
     * tick joined the timer's and sent nothing, on a loaded machine).
     */
    tick(): Promise<void> {
      if (!send || !outbox) return Promise.resolve();
      const start = () => {
        running = (postgres ? transaction((trx) => mailDue(trx, outbox)) : mailDue(db, outbox)).finally(
          () => {
            running = undefined;
          },
        );
        return running;
      };
      if (!running) return start();
      next ??= running
        .catch(() => undefined)
        .then(() => {
          next = undefined;
          return running ?? start();
        });
      return next;
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
