import type { User } from '@adstudio/contract';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, servicesWith, type TestApp } from '../helper';
import { insertCampaign, insertCreative } from '../rows';

let t: TestApp;
let editor: User;
let client: Client;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.createUser({ permissions: ['edit creatives'] });
  client = await t.injectAs(editor);
});
afterAll(() => t.close());

const newCampaign = (deleted = false) =>
  insertCampaign(t.db, { companyId: t.companyId, name: `Bulk home ${++seq}`, deleted });

const statusOf = async (id: number) =>
  (await t.db.selectFrom('creatives').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

/** `count` creatives in one new campaign, inserted in batches; answers their ids. */
async function many(count: number, status: 'draft' | 'ready' = 'draft') {
  const campaignId = await newCampaign();
  const at = '2026-01-01T00:00:00.000Z';
  const ids: number[] = [];
  for (let from = 0; from < count; from += 250) {
    const rows = Array.from({ length: Math.min(250, count - from) }, (_, i) => ({
      company_id: t.companyId,
      campaign_id: campaignId,
      name: `Many ${from + i}`,
      width: 300,
      height: 250,
      status,
      created_at: at,
      updated_at: at,
    }));
    ids.push(...(await t.db.insertInto('creatives').values(rows).returning('id').execute()).map((r) => r.id));
  }
  return { campaignId, ids };
}

/** Counts the statements the service sends; with `failOn` it throws instead of running that kind. */
function statements(failOn?: RootOperationNode['kind']) {
  const seen: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      seen.push(node.kind);
      if (node.kind === failOn) throw new Error('disk full');
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { seen, service: servicesWith(t.app, { db: t.db.withPlugin(plugin) }).creatives };
}

describe('POST /v1/creatives/bulk', () => {
  it('answers per id: moved, already there, a move not in the table, not found', async () => {
    const campaignId = await newCampaign();
    const c = (name: string, status: 'draft' | 'testing' | 'live') =>
      insertCreative(t.db, { companyId: t.companyId, campaignId, name: `${name} ${++seq}`, status });
    const [draft, testing, live] = [await c('a', 'draft'), await c('b', 'testing'), await c('c', 'live')];
    const res = await client.post('/v1/creatives/bulk', {
      action: 'status',
      status: 'testing',
      ids: [draft, testing, live, 999_999, draft],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: draft, ok: true },
      { id: testing, ok: true, message: 'Already testing.' },
      {
        id: live,
        ok: false,
        message: 'live → testing is not allowed: move it to action required first.',
      },
      { id: 999_999, ok: false, message: 'Cannot find this creative.' },
    ]);
    expect([await statusOf(draft), await statusOf(testing), await statusOf(live)]).toEqual([
      'testing',
      'testing',
      'live',
    ]);
  });

  it('deletes all but the live ones, and restores with per-id refusals', async () => {
    const campaignId = await newCampaign();
    const mk = (name: string, extra: { status?: 'live'; deleted?: boolean } = {}) =>
      insertCreative(t.db, { companyId: t.companyId, campaignId, name, ...extra });
    const a = await mk(`Del a ${++seq}`);
    const live = await mk(`Del live ${seq}`, { status: 'live' });
    const deleted = await client.post('/v1/creatives/bulk', { action: 'delete', ids: [a, live] });
    expect(deleted.json().data).toEqual([
      { id: a, ok: true },
      { id: live, ok: false, message: 'Cannot delete a live creative.' },
    ]);

    const twinName = `Twin ${seq}`;
    const twinGone = await mk(twinName, { deleted: true });
    await mk(twinName.toUpperCase());
    const gone = await newCampaign(true);
    const orphan = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId: gone,
      name: 'O',
      deleted: true,
    });
    const restored = await client.post('/v1/creatives/bulk', {
      action: 'restore',
      ids: [a, twinGone, orphan, live],
    });
    expect(restored.json().data).toEqual([
      { id: a, ok: true },
      { id: twinGone, ok: false, message: 'The name has already been taken.' },
      { id: orphan, ok: false, message: 'Restore its campaign first.' },
      { id: live, ok: false, message: 'Cannot find this creative.' },
    ]);
    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'creative')
      .where('entity_id', '=', a)
      .orderBy('id')
      .execute();
    expect(actions.map((r) => r.action)).toEqual(['deleted', 'restored']);
  });

  it('lets qa move only out of quality assurance and testing, and not delete', async () => {
    const qa = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
    const campaignId = await newCampaign();
    const inQa = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId,
      name: `qa ${++seq}`,
      status: 'quality assurance',
    });
    const draft = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: `qa draft ${seq}` });
    const res = await qa.post('/v1/creatives/bulk', {
      action: 'status',
      status: 'ready',
      ids: [inQa, draft],
    });
    expect(res.json().data).toEqual([
      { id: inQa, ok: true },
      { id: draft, ok: false, message: 'draft → ready is not open to you.' },
    ]);
    expect((await qa.post('/v1/creatives/bulk', { action: 'delete', ids: [draft] })).statusCode).toBe(403);
  });
});

describe('bulk actions are set operations', () => {
  it('moves 1,000 creatives with one read, one UPDATE and one audit INSERT', async () => {
    const { ids } = await many(1000);
    const { seen, service } = statements();
    const results = await service.bulk(editor, { action: 'status', status: 'testing', ids });
    expect(results.every((r) => r.ok)).toBe(true);
    expect(seen).toEqual(['SelectQueryNode', 'UpdateQueryNode', 'InsertQueryNode']);
    const moved = await t.db
      .selectFrom('creatives')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', ids)
      .where('status', '=', 'testing')
      .executeTakeFirstOrThrow();
    expect(Number(moved.n)).toBe(1000);
    const audit = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('entity_type', '=', 'creative')
      .where('entity_id', 'in', ids)
      .where('action', '=', 'status')
      .executeTakeFirstOrThrow();
    expect(Number(audit.n)).toBe(1000);
  });

  it('deletes 1,000 creatives in a bounded number of statements', async () => {
    const { ids } = await many(1000);
    const { seen, service } = statements();
    const results = await service.bulk(editor, { action: 'delete', ids });
    expect(results.filter((r) => r.ok)).toHaveLength(1000);
    expect(seen).toEqual(['SelectQueryNode', 'UpdateQueryNode', 'InsertQueryNode']);
  });

  it.each(['status', 'delete'] as const)(
    '%s of 1,000 is all or nothing when a statement fails',
    async (action) => {
      const { ids } = await many(1000);
      const { service } = statements('InsertQueryNode');
      const body = action === 'status' ? { action, status: 'testing' as const, ids } : { action, ids };
      await expect(service.bulk(editor, body)).rejects.toThrow('disk full');
      const rows = await t.db
        .selectFrom('creatives')
        .select(['status', 'deleted_at'])
        .where('id', 'in', ids)
        .execute();
      expect(rows).toHaveLength(1000);
      expect(rows.every((r) => r.status === 'draft' && r.deleted_at === null)).toBe(true);
    },
  );
});
