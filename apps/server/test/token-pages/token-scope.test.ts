import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertCampaign, insertCreative, insertProfile, insertRules } from '../rows';

/**
 * Every token route against every kind of token (a matrix like the access
 * matrix): its own live token answers; an unknown, malformed or other kind's token is
 * 404; its own revoked or expired token is 410 — and nothing is logged as a view but live openings.
 */

let t: TestApp;
let guest: Client;
type Kind = 'preview' | 'report' | 'approval';
const TABLE = { preview: 'preview_links', report: 'report_links', approval: 'approval_links' } as const;
/** Live tokens of each kind, and per state a token made for the test of each kind. */
const tokens = {} as Record<Kind, { live: string; revoked: string; expired: string }>;
let approvalId: number;

interface Route {
  kind: Kind;
  method: 'GET' | 'POST';
  path: (token: string) => string;
  payload?: object;
}
const ROUTES: Route[] = [
  { kind: 'preview', method: 'GET', path: (token) => `/v1/creatives/externalpreview/${token}` },
  { kind: 'preview', method: 'GET', path: (token) => `/v1/creatives/externalpreview/${token}/simulate` },
  { kind: 'report', method: 'GET', path: (token) => `/v1/campaigns/externalreport/${token}` },
  { kind: 'report', method: 'GET', path: (token) => `/v1/campaigns/externalreport/${token}/new` },
  { kind: 'approval', method: 'GET', path: (token) => `/v1/creatives/publisherapproval/${token}/approvals` },
  {
    kind: 'approval',
    method: 'POST',
    path: (token) => `/v1/creatives/publisherapproval/${token}/approvals/${approvalId}`,
    payload: { status: 'approved', name: 'Matrix' },
  },
];

beforeAll(async () => {
  t = await buildTestApp();
  guest = await t.guest();
  const campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Matrix' });
  const creativeId = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Matrix MPU' });
  const profileId = await insertProfile(t.db, { companyId: t.companyId, name: 'Matrix feed' });
  await insertRules(t.db, { companyId: t.companyId, profileId, rows: [{ City: 'Oslo' }] });
  await t.db.updateTable('creatives').set({ profile_id: profileId }).where('id', '=', creativeId).execute();
  const mediaEntityId = (
    await t.db
      .insertInto('media_entities')
      .values({ company_id: t.companyId, name: 'Matrix Times', created_at: 'x', updated_at: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  approvalId = (
    await t.db
      .insertInto('approvals')
      .values({
        company_id: t.companyId,
        campaign_id: campaignId,
        creative_id: creativeId,
        media_entity_id: mediaEntityId,
        status: 'pending',
        comment: null,
        decided_at: null,
        created_at: 'x',
        updated_at: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  const past = new Date(Date.now() - 60_000).toISOString();
  const make = async (kind: Kind, state: 'live' | 'revoked' | 'expired') => {
    const token = randomBytes(32).toString('base64url');
    const common = {
      company_id: t.companyId,
      token,
      expires_at: state === 'expired' ? past : null,
      revoked_at: state === 'revoked' ? past : null,
      created_by: null,
      created_at: past,
    };
    if (kind === 'preview')
      await t.db
        .insertInto('preview_links')
        .values({ ...common, creative_id: creativeId })
        .execute();
    else if (kind === 'report')
      await t.db
        .insertInto('report_links')
        .values({ ...common, campaign_id: campaignId, start_date: null, end_date: null })
        .execute();
    else
      await t.db
        .insertInto('approval_links')
        .values({ ...common, campaign_id: campaignId, media_entity_id: mediaEntityId })
        .execute();
    return token;
  };
  // Preview links are one per creative in use: the revoked and expired ones are made first.
  for (const kind of ['preview', 'report', 'approval'] as const) {
    const revoked = await make(kind, 'revoked');
    const expired = await make(kind, 'expired');
    if (kind === 'preview')
      await t.db
        .updateTable('preview_links')
        .set({ revoked_at: past })
        .where('token', '=', expired)
        .execute();
    tokens[kind] = { revoked, expired, live: await make(kind, 'live') };
  }
});
afterAll(() => t.close());

const call = (route: Route, token: string) =>
  guest.inject({ method: route.method, url: route.path(token), payload: route.payload });

const viewsOf = async (kind: Kind) =>
  Number(
    (
      await t.db
        .selectFrom('token_views')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('link_kind', '=', kind)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('token routes × tokens', () => {
  for (const route of ROUTES) {
    const name = `${route.method} ${route.path(':token')}`;
    it(`${name}: its live token answers; unknown, malformed and other kinds' are 404; revoked and expired 410`, async () => {
      const before = await viewsOf(route.kind);
      const own = await call(route, tokens[route.kind].live);
      expect(own.statusCode, own.body).toBeLessThan(300);

      const answers: Record<string, number> = {};
      answers.unknown = (await call(route, randomBytes(32).toString('base64url'))).statusCode;
      answers.malformed = (await call(route, 'not a token!')).statusCode;
      answers.revoked = (await call(route, tokens[route.kind].revoked)).statusCode;
      answers.expired = (await call(route, tokens[route.kind].expired)).statusCode;
      for (const other of ['preview', 'report', 'approval'] as const) {
        if (other !== route.kind)
          answers[`${other} token`] = (await call(route, tokens[other].live)).statusCode;
      }
      const expected: Record<string, number> = { unknown: 404, malformed: 404, revoked: 410, expired: 410 };
      for (const other of ['preview', 'report', 'approval'] as const)
        if (other !== route.kind) expected[`${other} token`] = 404;
      expect(answers).toEqual(expected);

      // Only the live opening of a page's main call is a view.
      const logged = (await viewsOf(route.kind)) - before;
      const opensPage = route.method === 'GET' && !/\/(new|simulate)$/.test(route.path('x'));
      expect(logged).toBe(opensPage ? 1 : 0);
    });
  }

  it('the link rows of other kinds are never touched by a wrong route', async () => {
    const rows = await Promise.all(
      (['preview', 'report', 'approval'] as const).map((kind) =>
        t.db
          .selectFrom(TABLE[kind])
          .select(['token', 'view_count'])
          .where('token', '=', tokens[kind].revoked)
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(rows.map((row) => row.view_count)).toEqual([0, 0, 0]);
  });
});
