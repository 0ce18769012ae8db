import { STATUSES } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransactor } from '../../src/lib/transaction';
import { createAuditRepository } from '../../src/modules/audit/audit.repository';
import { createAuditLog } from '../../src/modules/audit/audit-log';
import { createCampaignsRepository } from '../../src/modules/campaigns/campaigns.repository';
import { createCampaignsService } from '../../src/modules/campaigns/campaigns.service';
import { createCreativesRepository } from '../../src/modules/creatives/creatives.repository';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { auditOf, INSERTED_AT, insertCampaign, insertCampaigns, insertCreative } from './fixtures';

/** docs/design.md §5, written out again here so the test checks the server against the design. */
const TABLE: Record<string, string[]> = {
  draft: ['quality assurance', 'testing'],
  'quality assurance': ['action required', 'testing', 'ready'],
  'action required': ['draft', 'quality assurance'],
  testing: ['action required', 'quality assurance', 'ready'],
  ready: ['delivered', 'live', 'action required'],
  delivered: ['live', 'action required'],
  live: ['finished', 'action required'],
  finished: ['live'],
};
const QA_FROM = ['quality assurance', 'testing'];

/** How many moves of TABLE the shortest way from `from` to `to` takes. */
function distance(from: string, to: string): number {
  let reached = new Set([from]);
  for (let steps = 0; steps < STATUSES.length; steps++) {
    if (reached.has(to)) return steps;
    reached = new Set([...reached, ...[...reached].flatMap((at) => TABLE[at]!)]);
  }
  return Number.POSITIVE_INFINITY;
}

/** A refusal names a next move of the table that starts a shortest way to the status asked for. */
function expectFirstStep(message: string, from: string, to: string) {
  const first = new RegExp(`^${from} → ${to} is not allowed: move it to (.+) first\\.$`).exec(message)?.[1];
  expect(first, message).toBeDefined();
  expect(TABLE[from], message).toContain(first);
  expect(distance(first!, to), message).toBe(distance(from, to) - 1);
}

let t: TestApp;
const clients: Record<'admin' | 'editor' | 'qa' | 'none', Client> = {} as never;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  clients.admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
  clients.editor = await t.injectAs(
    await t.createUser({ permissions: ['edit campaigns', 'edit creatives'] }),
  );
  clients.qa = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
  clients.none = await t.injectAs(await t.createUser({ permissions: ['edit creatives'] }));
});
afterAll(() => t.close());

const statusOf = async (id: number) =>
  (await t.db.selectFrom('campaigns').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

const moves = STATUSES.flatMap((from) => STATUSES.filter((to) => to !== from).map((to) => ({ from, to })));

describe('status moves through PUT /v1/campaigns/{id}', () => {
  it.each(['admin', 'editor'] as const)('%s may make exactly the moves in the table', async (role) => {
    const ids = await insertCampaigns(
      t.db,
      moves.map(({ from }) => ({ companyId: t.companyId, name: `${role} move ${++seq}`, status: from })),
    );
    for (const [i, { from, to }] of moves.entries()) {
      const id = ids[i]!;
      const res = await clients[role].put(`/v1/campaigns/${id}`, { status: to });
      if (TABLE[from]!.includes(to)) {
        expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(200);
        expect(res.json().data).toMatchObject({ status: to, allowed_statuses: TABLE[to] });
        expect(await statusOf(id)).toBe(to);
        const audit = await auditOf(t.db, id);
        expect(audit.map((a) => [a.action, JSON.parse(a.changes)])).toEqual([
          ['status', { status: [from, to] }],
        ]);
      } else {
        expect(res.statusCode, `${from} → ${to}`).toBe(422);
        const { message } = res.json();
        expectFirstStep(message, from, to);
        expect(res.json()).toEqual({ message, errors: { status: [message] } });
        expect(await statusOf(id)).toBe(from);
        expect(await auditOf(t.db, id)).toEqual([]);
      }
    }
  });

  it('qa may make the moves out of quality assurance and testing, and no other', async () => {
    const ids = await insertCampaigns(
      t.db,
      moves.map(({ from }) => ({ companyId: t.companyId, name: `qa move ${++seq}`, status: from })),
    );
    for (const [i, { from, to }] of moves.entries()) {
      const id = ids[i]!;
      const res = await clients.qa.put(`/v1/campaigns/${id}`, { status: to });
      if (QA_FROM.includes(from) && TABLE[from]!.includes(to)) {
        expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(200);
        // What qa may do next depends on where the campaign landed.
        expect(res.json().data.allowed_statuses).toEqual(QA_FROM.includes(to) ? TABLE[to] : []);
        expect(await statusOf(id)).toBe(to);
      } else if (QA_FROM.includes(from)) {
        expect(res.statusCode, `${from} → ${to}`).toBe(422);
        expectFirstStep(res.json().message, from, to);
        expect(await statusOf(id)).toBe(from);
      } else {
        expect(res.statusCode, `${from} → ${to}`).toBe(403);
        expect(res.json().message).toBe(`${from} → ${to} is not open to you.`);
        expect(await statusOf(id)).toBe(from);
      }
    }
  });

  it('a user without campaigns access may move nothing (403)', async () => {
    const id = await insertCampaign(t.db, {
      companyId: t.companyId,
      name: `none ${++seq}`,
      status: 'testing',
    });
    expect((await clients.none.put(`/v1/campaigns/${id}`, { status: 'ready' })).statusCode).toBe(403);
    expect(await statusOf(id)).toBe('testing');
  });

  it('qa may not change other fields, even together with an allowed move', async () => {
    const id = await insertCampaign(t.db, {
      companyId: t.companyId,
      name: `qa edit ${++seq}`,
      status: 'testing',
    });
    const res = await clients.qa.put(`/v1/campaigns/${id}`, { status: 'ready', name: 'Hijacked' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You may only change the status of this campaign.');
    const row = await t.db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'testing', name: `qa edit ${seq}` });
  });

  it('qa may send the whole form back unchanged with a new status', async () => {
    const id = await insertCampaign(t.db, {
      companyId: t.companyId,
      name: `qa form ${++seq}`,
      status: 'quality assurance',
      url: 'https://a.example.com',
    });
    const current = (await clients.qa.get(`/v1/campaigns/${id}`)).json().data;
    expect(current.allowed_statuses).toEqual(TABLE['quality assurance']);
    const { name, url, ranges, launch_date, end_date } = current;
    const res = await clients.qa.put(`/v1/campaigns/${id}`, {
      name,
      url,
      ranges,
      launch_date,
      end_date,
      status: 'ready',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ready', allowed_statuses: [] });
  });

  it('a status edit together with field edits is one "updated" audit entry', async () => {
    const id = await insertCampaign(t.db, { companyId: t.companyId, name: `both ${++seq}` });
    const res = await clients.editor.put(`/v1/campaigns/${id}`, {
      status: 'testing',
      url: 'https://b.example.com',
      updated_at: INSERTED_AT,
    });
    expect(res.statusCode).toBe(200);
    const audit = await auditOf(t.db, id);
    expect(audit.map((a) => [a.action, JSON.parse(a.changes)])).toEqual([
      ['updated', { url: [null, 'https://b.example.com'], status: ['draft', 'testing'] }],
    ]);
  });

  it('refuses an unknown status with 422', async () => {
    const id = await insertCampaign(t.db, { companyId: t.companyId, name: `unknown ${++seq}` });
    const res = await clients.editor.put(`/v1/campaigns/${id}`, { status: 'archived' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.status).toEqual([
      'The status must be one of: draft, action required, quality assurance, testing, delivered, ready, live, finished.',
    ]);
  });
});

describe('POST /v1/campaigns/bulk', () => {
  it('moves the allowed items in one go and says why the others were refused', async () => {
    const other = await t.createCompany();
    const [draft, qa, live, done] = await insertCampaigns(t.db, [
      { companyId: t.companyId, name: `bulk draft ${++seq}`, status: 'draft' },
      { companyId: t.companyId, name: `bulk qa ${++seq}`, status: 'quality assurance' },
      { companyId: t.companyId, name: `bulk live ${++seq}`, status: 'live' },
      { companyId: t.companyId, name: `bulk done ${++seq}`, status: 'testing' },
    ]);
    const foreign = await insertCampaign(t.db, { companyId: other, name: 'foreign', status: 'draft' });
    const deleted = await insertCampaign(t.db, {
      companyId: t.companyId,
      name: `bulk deleted ${++seq}`,
      deleted_at: '2026-01-02T00:00:00.000Z',
    });
    const res = await clients.editor.post('/v1/campaigns/bulk', {
      action: 'status',
      status: 'testing',
      ids: [draft, qa, live, done, foreign, deleted, 999999, draft],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { id: draft, ok: true },
        { id: qa, ok: true },
        {
          id: live,
          ok: false,
          message: 'live → testing is not allowed: move it to action required first.',
        },
        { id: done, ok: true, message: 'Already testing.' },
        { id: foreign, ok: false, message: 'Cannot find this campaign.' },
        { id: deleted, ok: false, message: 'Cannot find this campaign.' },
        { id: 999999, ok: false, message: 'Cannot find this campaign.' },
      ],
    });
    expect(await statusOf(draft!)).toBe('testing');
    expect(await statusOf(qa!)).toBe('testing');
    expect(await statusOf(live!)).toBe('live');
    expect(await statusOf(foreign)).toBe('draft');
    expect(await statusOf(deleted)).toBe('draft');
    expect((await auditOf(t.db, draft!)).map((a) => JSON.parse(a.changes))).toEqual([
      { status: ['draft', 'testing'] },
    ]);
    expect(await auditOf(t.db, live!)).toEqual([]);
    expect(await auditOf(t.db, done!)).toEqual([]);
  });

  it('writes all or nothing: a failure after the update rolls back the items already changed', async () => {
    const user = await t.createUser({ permissions: ['edit campaigns'] });
    const ids = await insertCampaigns(t.db, [
      { companyId: t.companyId, name: `atomic 1 ${++seq}` },
      { companyId: t.companyId, name: `atomic 2 ${++seq}` },
    ]);
    const audit = createAuditLog(createAuditRepository(t.db), 'campaign');
    const service = createCampaignsService({
      campaigns: createCampaignsRepository(t.db),
      withLiveCreatives: createCreativesRepository(t.db).campaignsWithLive,
      transaction: createTransactor(t.db),
      audit: {
        ...audit,
        log: async () => {
          throw new Error('disk full');
        },
      },
    });
    await expect(service.bulk(user, { action: 'status', status: 'testing', ids })).rejects.toThrow(
      'disk full',
    );
    expect([await statusOf(ids[0]!), await statusOf(ids[1]!)]).toEqual(['draft', 'draft']);
    expect(await auditOf(t.db, ids[0]!)).toEqual([]);
  });

  it('lets qa move items out of QA and testing only', async () => {
    const [inQa, inTesting, inDraft] = await insertCampaigns(t.db, [
      { companyId: t.companyId, name: `qa bulk 1 ${++seq}`, status: 'quality assurance' },
      { companyId: t.companyId, name: `qa bulk 2 ${++seq}`, status: 'testing' },
      { companyId: t.companyId, name: `qa bulk 3 ${++seq}`, status: 'draft' },
    ]);
    const res = await clients.qa.post('/v1/campaigns/bulk', {
      action: 'status',
      status: 'ready',
      ids: [inQa, inTesting, inDraft],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: inQa, ok: true },
      { id: inTesting, ok: true },
      { id: inDraft, ok: false, message: 'draft → ready is not open to you.' },
    ]);
    expect([await statusOf(inQa!), await statusOf(inTesting!), await statusOf(inDraft!)]).toEqual([
      'ready',
      'ready',
      'draft',
    ]);
  });

  it('deletes the deletable items and keeps those with live creatives', async () => {
    const [plain, withLive, withFinished] = await insertCampaigns(t.db, [
      { companyId: t.companyId, name: `del 1 ${++seq}` },
      { companyId: t.companyId, name: `del 2 ${++seq}` },
      { companyId: t.companyId, name: `del 3 ${++seq}` },
    ]);
    await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId: withLive!,
      name: 'On air',
      status: 'live',
    });
    await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId: withFinished!,
      name: 'Done',
      status: 'finished',
    });
    const res = await clients.editor.post('/v1/campaigns/bulk', {
      action: 'delete',
      ids: [plain, withLive, withFinished],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: plain, ok: true },
      { id: withLive, ok: false, message: 'Cannot delete a campaign while it has live creatives.' },
      { id: withFinished, ok: true },
    ]);
    const rows = await t.db
      .selectFrom('campaigns')
      .select(['id', 'deleted_at'])
      .where('id', 'in', [plain!, withLive!, withFinished!])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.deleted_at !== null)).toEqual([true, false, true]);
    expect((await auditOf(t.db, plain!)).map((a) => a.action)).toEqual(['deleted']);
    expect(await auditOf(t.db, withLive!)).toEqual([]);
    expect((await clients.editor.get(`/v1/campaigns/${plain}`)).statusCode).toBe(404);
  });

  it('refuses a bulk delete from qa and users without access (403), deleting nothing', async () => {
    const id = await insertCampaign(t.db, { companyId: t.companyId, name: `keep ${++seq}` });
    for (const role of ['qa', 'none'] as const) {
      const res = await clients[role].post('/v1/campaigns/bulk', { action: 'delete', ids: [id] });
      expect(res.statusCode, role).toBe(403);
    }
    expect(
      (await clients.none.post('/v1/campaigns/bulk', { action: 'status', status: 'testing', ids: [id] }))
        .statusCode,
    ).toBe(403);
    const row = await t.db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ deleted_at: null, status: 'draft' });
  });

  it.each([
    [{ action: 'status', status: 'testing', ids: [] }, 'ids', 'Select at least one campaign.'],
    [{ action: 'status', ids: [1] }, 'status', 'The status field is required.'],
    [{ action: 'archive', ids: [1] }, 'action', 'The action must be status, delete or restore.'],
    [{ action: 'delete', ids: ['x'] }, 'ids.0', undefined],
    [
      { action: 'delete', ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
      'ids',
      'Select at most 1000 campaigns at once.',
    ],
  ])('validates the body: %j', async (body, field, message) => {
    const res = await clients.editor.post('/v1/campaigns/bulk', body);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
    if (message) expect(res.json().errors[field]).toEqual([message]);
  });
});
