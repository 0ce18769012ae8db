import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Profile, ProfileIssue, ProfileRule, ProfileSync } from '@adstudio/contract';
import { SYNC_FAILED } from '@adstudio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgBossSchemaFor } from '../../src/jobs/pg-boss-queue';
import { servesRule } from '../../src/modules/profiles/profile-rules.service';
import { runDueSchedules } from '../../src/modules/profiles/profile-schedule';
import { SYNC_JOB, SYNC_RUNNING } from '../../src/modules/profiles/profile-syncs.service';
import { createProfilesRepository } from '../../src/modules/profiles/profiles.repository';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { insertCampaign, insertCondition, insertCreative } from '../rows';
import { type FakeGoogle, startFakeGoogle } from '../support/fake-google';
import { uploadHelpers } from '../uploads/upload-helpers';

let t: TestApp;
let editor: Client;
let reader: Client;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.injectAs(await t.createUser({ permissions: ['edit profiles', 'edit creatives'] }));
  reader = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
});
afterAll(() => t.close());

const { upload } = uploadHelpers(
  () => t,
  () => editor,
);

const csv = (...lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);

/** A feed of `n` good rows (ids r1…rn) under the given header. */
const feedOf = (n: number, label = 'Offer') =>
  csv(
    'Unique_ID,Reporting_Label,Headline,Price',
    ...Array.from({ length: n }, (_, i) => `r${i + 1},${label} ${i + 1},Headline ${i + 1},${10 + i}`),
  );

async function uploaded(bytes: Buffer, name = 'feed.csv') {
  const signed = await upload(bytes, 'text/csv');
  return { key: signed.key, file_name: name };
}

async function settled(id: number): Promise<Profile> {
  await t.app.jobs.idle();
  const res = await editor.get(`/v1/profiles/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function createFromCsv(bytes: Buffer, body: Record<string, unknown> = {}) {
  const res = await editor.post('/v1/profiles', {
    name: `Feed ${Math.random().toString(36).slice(2, 8)}`,
    source: 'upload',
    ...(await uploaded(bytes)),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json().data as Profile;
  expect(created.status).toBe('syncing');
  return settled(created.id);
}

async function resync(id: number, bytes: Buffer, query = '') {
  const profile = (await editor.get(`/v1/profiles/${id}`)).json().data as Profile;
  const put = await editor.put(`/v1/profiles/${id}`, {
    source: 'upload',
    ...(await uploaded(bytes)),
    updated_at: profile.updated_at,
  });
  expect(put.statusCode, put.body).toBe(200);
  const res = await editor.get(`/v1/profiles/${id}/sync${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.status).toBe('syncing');
  return settled(id);
}

const rulesOf = async (id: number, query = ''): Promise<ProfileRule[]> => {
  const res = await editor.get(`/v1/profiles/${id}/rules?items-per-page=-1${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('profiles: a feed becomes rules', () => {
  it('syncs an uploaded CSV: figures, columns, typed rules, and the bad row as an error', async () => {
    const profile = await createFromCsv(
      csv(
        'Unique_ID,Reporting_Label,Headline,Price,Start_Date,Active',
        'a1,Shoes,Summer shoes,19.5,2026-06-01,TRUE',
        'a2,Hats,Winter hats,7,,no',
        ',No id,Broken,1,,',
        'a3,Bags,Bags,not a price,2026-02-30,yes',
      ),
    );
    expect(profile.status).toBe('synced');
    expect(profile.columns).toEqual([
      'Unique_ID',
      'Reporting_Label',
      'Headline',
      'Price',
      'Start_Date',
      'Active',
    ]);
    expect(profile.rows_total).toBe(4);
    expect(profile.rows_processed).toBe(4);
    expect(profile.rows_with_errors).toBe(2);
    expect(profile.rows_active).toBe(1);
    expect(profile.synced_at).not.toBeNull();

    const rules = await rulesOf(profile.id);
    expect(rules.map((r) => [r.unique_id, r.reporting_label, r.position, r.active])).toEqual([
      ['a1', 'Shoes', 1, true],
      ['a2', 'Hats', 2, false],
    ]);
    expect(rules[0]?.start).toBe('2026-06-01');
    expect(rules[0]?.data.Headline).toBe('Summer shoes');

    const errors = (await editor.get(`/v1/profiles/${profile.id}/errors`)).json().data as ProfileIssue[];
    expect(errors.filter((e) => e.severity === 'error').map((e) => e.row)).toEqual(
      expect.arrayContaining([4, 5]),
    );
    expect(errors.find((e) => e.row === 4)?.column).toMatch(/unique_id/i);
    const onlyStart = (await editor.get(`/v1/profiles/${profile.id}/errors?column=Start_Date`)).json()
      .data as ProfileIssue[];
    expect(onlyStart.length).toBeGreaterThan(0);
    expect(onlyStart.every((e) => e.column === 'Start_Date')).toBe(true);

    const download = await editor.get(`/v1/profiles/${profile.id}/errors?format=csv`);
    expect(download.headers['content-type']).toMatch(/^text\/csv/);
    // The shared CSV writer (contract common/csv): every text field quoted, numbers bare.
    const lines = download.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"row","column","value","message","severity","fixed_by_resync"');
    expect(lines.find((line) => line.includes('2026-02-30'))).toMatch(
      /^\d+,"Start_Date","2026-02-30",".*","error","false"$/,
    );
  });

  it('keeps rule ids across syncs by Unique_ID, ends removed rows, adds new ones, and records the history', async () => {
    const profile = await createFromCsv(feedOf(5));
    const before = new Map((await rulesOf(profile.id)).map((r) => [r.unique_id, r.id]));

    const next = csv(
      'Unique_ID,Reporting_Label,Headline,Price',
      'r2,Offer 2,Headline 2 changed,11',
      'r1,Offer 1,Headline 1,10',
      'r3,Offer 3,Headline 3,12',
      'r4,Offer 4,Headline 4,13',
      'r6,Offer 6,Headline 6,15',
    );
    const after = await resync(profile.id, next);
    expect(after.status).toBe('synced');
    const rules = await rulesOf(profile.id);
    expect(rules.map((r) => r.unique_id)).toEqual(['r2', 'r1', 'r3', 'r4', 'r6']);
    for (const rule of rules.filter((r) => r.unique_id !== 'r6'))
      expect(rule.id).toBe(before.get(rule.unique_id));
    expect([...before.values()]).not.toContain(rules.at(-1)?.id);
    const ended = await rulesOf(profile.id, '&ended=1');
    expect(ended.map((r) => [r.unique_id, r.id])).toEqual([['r5', before.get('r5')]]);

    const syncs = (await editor.get(`/v1/profiles/${profile.id}/syncs`)).json().data as ProfileSync[];
    expect(syncs.map((s) => [s.trigger, s.status])).toEqual([
      ['user', 'synced'],
      ['create', 'synced'],
    ]);
    expect(syncs[0]).toMatchObject({ rows_added: 1, rows_changed: 1, rows_removed: 1, rows_total: 5 });
    expect(syncs[1]).toMatchObject({ rows_added: 5, rows_changed: 0, rows_removed: 0 });

    // A row that comes back keeps its old id.
    await resync(profile.id, feedOf(6));
    const back = (await rulesOf(profile.id)).find((r) => r.unique_id === 'r5');
    expect(back?.id).toBe(before.get('r5'));
  });

  it('pages through rules in feed order from either end', async () => {
    const profile = await createFromCsv(feedOf(23));
    const page = async (n: number, order = 'asc') =>
      (
        await editor.get(`/v1/profiles/${profile.id}/rules?items-per-page=10&page=${n}&sort-order=${order}`)
      ).json() as { data: ProfileRule[]; meta: { total: number; last_page: number } };
    const third = await page(3);
    expect(third.meta).toMatchObject({ total: 23, last_page: 3 });
    expect(third.data.map((r) => r.unique_id)).toEqual(['r21', 'r22', 'r23']);
    expect((await page(1, 'desc')).data.map((r) => r.unique_id).slice(0, 2)).toEqual(['r23', 'r22']);
    const filtered = (await editor.get(`/v1/profiles/${profile.id}/rules?filter=offer%202`)).json() as {
      data: ProfileRule[];
      meta: { total: number };
    };
    expect(filtered.data.map((r) => r.unique_id)).toEqual(['r2', 'r20', 'r21', 'r22', 'r23']);
  });

  it('stops at needs_confirmation when active rows fall by more than 20 %, and applies on confirm', async () => {
    const profile = await createFromCsv(feedOf(10));
    const stopped = await resync(profile.id, feedOf(7));
    expect(stopped.status).toBe('needs_confirmation');
    expect(stopped.sync_error).toMatch(/from 10 to 7/);
    expect(await rulesOf(profile.id)).toHaveLength(10);

    const res = await editor.get(`/v1/profiles/${profile.id}/sync?confirm=1`);
    expect(res.statusCode).toBe(200);
    const confirmed = await settled(profile.id);
    expect(confirmed.status).toBe('synced');
    expect(await rulesOf(profile.id)).toHaveLength(7);

    // Within the guard no confirmation is needed.
    expect((await resync(profile.id, feedOf(6))).status).toBe('synced');
  });

  it('a failed sync keeps the previous rules and says why', async () => {
    const profile = await createFromCsv(feedOf(3));
    const rules = await rulesOf(profile.id);
    const failed = await resync(profile.id, csv('Name,Headline', 'x,y'));
    expect(failed.status).toBe('failed');
    expect(failed.sync_error).toMatch(/Unique_ID/);
    expect(await rulesOf(profile.id)).toEqual(rules);
    const syncs = (await editor.get(`/v1/profiles/${profile.id}/syncs`)).json().data as ProfileSync[];
    expect(syncs[0]).toMatchObject({ status: 'failed', error: failed.sync_error });
  });

  it('a first sync that fails part-way leaves no rule behind', async () => {
    // Past the first COPY batches (PostgreSQL writes a first sync's rules as it reads), then a
    // quote that never closes: the rules written so far must go with the failed sync.
    const bytes = Buffer.concat([feedOf(2_500), Buffer.from('r2501,"Never closed,Headline,1\n')]);
    const profile = await createFromCsv(bytes);
    expect(profile.status).toBe('failed');
    expect(profile.sync_error).toBeTruthy();
    const left = await t.db
      .selectFrom('profile_rules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('profile_id', '=', profile.id)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
    expect(profile.rows_active).toBe(0);
    const fixed = await resync(profile.id, feedOf(3));
    expect([fixed.status, fixed.rows_active]).toEqual(['synced', 3]);
    expect((await rulesOf(profile.id)).map((rule) => rule.unique_id)).toEqual(['r1', 'r2', 'r3']);
  });

  it.skipIf(engine !== 'postgres')(
    "takes the rules' statistics again after a sync that adds 10,000 rules (PostgreSQL)",
    async () => {
      // Without them, a page of a large feed's rules by Unique_ID sorted all of them.
      const schema = (t.config.database as { schema?: string }).schema ?? 'public';
      const profile = await createFromCsv(feedOf(10_000));
      expect([profile.status, profile.rows_active]).toEqual(['synced', 10_000]);
      const sampled = await sql<{ n: number }>`select count(*)::int as n from pg_stats
        where schemaname = ${schema} and tablename = 'profile_rules'`.execute(t.db);
      expect(sampled.rows[0]?.n).toBeGreaterThan(0);
    },
  );

  it('runs one sync of a profile at a time (409) and needs the XSRF header to start one', async () => {
    const profile = await createFromCsv(feedOf(2));
    await t.app.jobs.stop();
    try {
      const first = await editor.get(`/v1/profiles/${profile.id}/sync`);
      expect(first.statusCode).toBe(200);
      const second = await editor.get(`/v1/profiles/${profile.id}/sync`);
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(SYNC_RUNNING);
    } finally {
      await t.app.jobs.start();
    }
    expect((await settled(profile.id)).status).toBe('synced');
    const noHeader = await editor.inject({
      method: 'GET',
      url: `/v1/profiles/${profile.id}/sync`,
      xsrf: false,
    });
    expect(noHeader.statusCode).toBe(419);
  });

  it('a sync the server stopped during ends failed on restart, with the previous rules intact', async () => {
    const profile = await createFromCsv(feedOf(4));
    const rules = await rulesOf(profile.id);
    await t.app.jobs.stop();
    const res = await editor.get(`/v1/profiles/${profile.id}/sync`);
    expect(res.statusCode).toBe(200);
    // What a process that took the job and died leaves behind: the job active, its attempt used,
    // some rows staged.
    if (engine === 'postgres') {
      // pg-boss's record of it: active since long before its expiry.
      const jobs = sql.table(`${pgBossSchemaFor(t.config.database as { schema?: string })}.job`);
      await sql`update ${jobs} set state = 'active', started_on = now() - interval '1 hour'
        where name = ${SYNC_JOB} and state = 'created'`.execute(t.db);
    } else {
      await t.db
        .updateTable('jobs')
        .set({ state: 'active', attempts: 1 })
        .where('state', '=', 'queued')
        .execute();
    }
    const sync = await t.db
      .selectFrom('profiles')
      .select('sync_id')
      .where('id', '=', profile.id)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('profile_sync_rows')
      .values({
        sync_id: sync.sync_id!,
        position: 1,
        unique_id: 'half',
        reporting_label: 'Half',
        is_default: 0,
        active: 1,
        condition_ids: '[]',
        data: '{}',
      })
      .execute();
    await t.app.jobs.start();
    const after = await settled(profile.id);
    expect(after.status).toBe('failed');
    expect(after.sync_error).toContain(SYNC_FAILED);
    expect(await rulesOf(profile.id)).toEqual(rules);
    const staged = await t.db.selectFrom('profile_sync_rows').select('unique_id').execute();
    expect(staged.map((r) => r.unique_id)).not.toContain('half');
  });

  it('runs a due schedule once, however many runners look at the same moment', async () => {
    const profile = await createFromCsv(feedOf(3));
    const past = new Date(Date.now() - 60_000).toISOString();
    await t.db
      .updateTable('profiles')
      .set({ schedule: 'every 6 hours', next_sync_at: past })
      .where('id', '=', profile.id)
      .execute();
    const repository = createProfilesRepository(t.db);
    const started: number[] = [];
    const startSync = async (_companyId: number, id: number) => {
      started.push(id);
      return 0;
    };
    const now = new Date();
    await Promise.all([
      runDueSchedules(repository, startSync, now),
      runDueSchedules(repository, startSync, now),
      runDueSchedules(repository, startSync, now),
    ]);
    expect(started.filter((id) => id === profile.id)).toEqual([profile.id]);
    const after = (await editor.get(`/v1/profiles/${profile.id}`)).json().data as Profile;
    expect(Date.parse(after.next_sync_at ?? '')).toBe(now.getTime() + 6 * 3_600_000);
  });

  it('checks rows against the template and names conditions', async () => {
    const condition = await insertCondition(t.db, { companyId: t.companyId, name: 'Rainy days' });
    const admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
    const template = await admin.post('/v1/profile-templates', {
      name: 'Retail',
      columns: [
        { name: 'Price', type: 'number', required: true },
        { name: 'Image', type: 'image_url', required: false },
      ],
    });
    expect(template.statusCode, template.body).toBe(201);
    // Templates are part of the profiles section (docs/design.md §6): its editors manage them, readers may not.
    const byEditor = await editor.post('/v1/profile-templates', {
      name: 'Mine',
      columns: [{ name: 'A', type: 'text', required: false }],
    });
    expect(byEditor.statusCode, byEditor.body).toBe(201);
    const byReader = await reader.post('/v1/profile-templates', {
      name: 'Theirs',
      columns: [{ name: 'A', type: 'text', required: false }],
    });
    expect(byReader.statusCode).toBe(403);
    const profile = await createFromCsv(
      csv(
        'Unique_ID,Reporting_Label,Price,Image,Conditions',
        'p1,One,12.5,https://cdn.example.com/a.png,Rainy days',
        'p2,Two,cheap,https://cdn.example.com/b.png,',
        'p3,Three,3,javascript:alert(1),',
        'p4,Four,4,,Sunny days',
      ),
      { template_id: template.json().data.id },
    );
    expect(profile.template?.name).toBe('Retail');
    const rules = await rulesOf(profile.id);
    expect(rules.map((r) => r.unique_id)).toEqual(['p1']);
    expect(rules[0]?.data.Price).toBe(12.5);
    expect(rules[0]?.condition_ids).toEqual([condition]);
    const errors = (await editor.get(`/v1/profiles/${profile.id}/errors?severity=error`)).json()
      .data as ProfileIssue[];
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'Price'],
      [4, 'Image'],
      [5, 'Conditions'],
    ]);

    const detail = (await reader.get(`/v1/profile-rules/${rules[0]?.id}`)).json().data;
    expect(detail.conditions).toEqual([{ id: condition, name: 'Rainy days' }]);
    expect(detail.profile).toEqual({ id: profile.id, name: profile.name });

    const inUse = await admin.delete(`/v1/profile-templates/${template.json().data.id}`);
    expect(inUse.statusCode).toBe(422);
    expect(inUse.json().message).toContain(profile.name);
  });

  it('records in its swap which conditions the rules name, so a condition in use cannot be deleted', async () => {
    const conditions = await t.injectAs(await t.createUser({ permissions: ['edit conditions'] }));
    const made = await conditions.post('/v1/conditions', {
      name: 'Snowy days',
      logic: 'all',
      predicates: [{ field: 'weekday', operator: 'in', value: ['sat', 'sun'] }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    const profile = await createFromCsv(
      csv('Unique_ID,Reporting_Label,Conditions', 's1,One,Snowy days', 's2,Two,snowy days', 's3,Three,'),
    );
    const used = (await conditions.get(`/v1/conditions/${id}`)).json().data;
    expect(used.used_by).toEqual([{ profile_id: profile.id, profile_name: profile.name, rules: 2 }]);
    const refused = await conditions.delete(`/v1/conditions/${id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain(profile.name);

    // The next sync drops the rules that named it: the condition is free again.
    await resync(profile.id, csv('Unique_ID,Reporting_Label,Conditions', 's1,One,', 's2,Two,', 's3,Three,'));
    expect((await conditions.get(`/v1/conditions/${id}`)).json().data.used_by).toEqual([]);
    expect((await conditions.delete(`/v1/conditions/${id}`)).statusCode).toBe(204);
  });

  it('answers the rules a creative serves, its rule filter applied, in feed order', async () => {
    const profile = await createFromCsv(
      csv(
        'Unique_ID,Reporting_Label,Region,Active',
        'x1,One,North,TRUE',
        'x2,Two,South,TRUE',
        'x3,Three,North,FALSE',
        'x4,Four,North,TRUE',
      ),
    );
    const campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: `C ${profile.id}` });
    const creativeId = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Dyn' });
    await t.db
      .updateTable('creatives')
      .set({ profile_id: profile.id, rule_filter: JSON.stringify({ column: 'Region', values: ['North'] }) })
      .where('id', '=', creativeId)
      .execute();
    const rules = new Map((await rulesOf(profile.id)).map((r) => [r.unique_id, r.id]));
    const ids = await editor.get(`/v1/creatives/${creativeId}/profiles/${profile.id}/rules/ids`);
    expect(ids.statusCode, ids.body).toBe(200);
    expect(ids.json().data).toEqual([rules.get('x1'), rules.get('x4')]);
    expect(
      (await editor.get(`/v1/creatives/${creativeId}/profiles/${profile.id + 999}/rules/ids`)).statusCode,
    ).toBe(404);
    const detail = (await editor.get(`/v1/profile-rules/${rules.get('x1')}`)).json().data;
    expect(detail.creatives).toEqual([{ id: creativeId, name: 'Dyn' }]);
    const south = (await editor.get(`/v1/profile-rules/${rules.get('x2')}`)).json().data;
    expect(south.creatives).toEqual([]);
  });

  it('filters a yes/no column by TRUE or true alike, and numbers by their text, on either engine', async () => {
    const profile = await createFromCsv(
      csv(
        'Unique_ID,Reporting_Label,Member,Tier',
        'y1,One,TRUE,1',
        'y2,Two,false,2',
        'y3,Three,True,1',
        'y4,Four,no,1',
      ),
    );
    const rules = new Map((await rulesOf(profile.id)).map((r) => [r.unique_id, r]));
    // Feeds are typed: yes/no cells are booleans, numbers numbers, other words text.
    expect(rules.get('y1')?.data).toMatchObject({ Member: true, Tier: 1 });
    expect(rules.get('y4')?.data).toMatchObject({ Member: 'no' });
    const campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: `Bool ${profile.id}` });
    let filters = 0;
    const served = async (filter: { column: string; values: string[] }) => {
      const creativeId = await insertCreative(t.db, {
        companyId: t.companyId,
        campaignId,
        name: `Filtered ${rules.size + ++filters}`,
      });
      await t.db
        .updateTable('creatives')
        .set({ profile_id: profile.id, rule_filter: JSON.stringify(filter) })
        .where('id', '=', creativeId)
        .execute();
      const res = await editor.get(`/v1/creatives/${creativeId}/profiles/${profile.id}/rules/ids`);
      expect(res.statusCode, res.body).toBe(200);
      const ids = res.json().data as number[];
      // The SQL filter and the one renders apply (servesRule) agree.
      const inMemory = [...rules.values()].filter((r) => servesRule(filter, r.data)).map((r) => r.id);
      expect(ids).toEqual(inMemory);
      return [...rules.values()].filter((r) => ids.includes(r.id)).map((r) => r.unique_id);
    };
    expect(await served({ column: 'Member', values: ['TRUE'] })).toEqual(['y1', 'y3']);
    expect(await served({ column: 'Member', values: ['true'] })).toEqual(['y1', 'y3']);
    expect(await served({ column: 'Member', values: ['False', 'no'] })).toEqual(['y2', 'y4']);
    expect(await served({ column: 'Tier', values: ['1'] })).toEqual(['y1', 'y3', 'y4']);
    expect(await served({ column: 'Tier', values: ['TRUE'] })).toEqual([]);
  });

  it('checks sources, access and company scope', async () => {
    const bad = await editor.post('/v1/profiles', {
      name: 'Sheet',
      source: 'gsheet',
      url: 'https://example.com/x',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['url']);
    const noFile = await editor.post('/v1/profiles', { name: 'File', source: 'upload' });
    expect(noFile.json().errors.key).toBeDefined();
    const noUrl = await editor.post('/v1/profiles', {
      name: 'Url',
      source: 'url',
      url: 'ftp://x.example/f.csv',
    });
    expect(noUrl.json().errors.url).toBeDefined();
    const sheet = await editor.post('/v1/profiles', {
      name: 'Sheet by URL',
      source: 'gsheet',
      url: 'https://docs.google.com/spreadsheets/d/1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789/edit#gid=0',
      schedule: 'daily at 06:30',
    });
    expect(sheet.statusCode, sheet.body).toBe(201);
    expect(sheet.json().data).toMatchObject({
      gsheet_id: '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
      schedule: 'daily at 06:30',
    });
    expect(sheet.json().data.next_sync_at).toMatch(/T06:30:00/);
    await t.app.jobs.idle();

    const profile = await createFromCsv(feedOf(1));
    expect((await reader.get(`/v1/profiles/${profile.id}`)).statusCode).toBe(200);
    expect((await reader.get(`/v1/profiles/${profile.id}/sync`)).statusCode).toBe(403);
    expect((await reader.post('/v1/profiles', { name: 'x', source: 'gsheet' })).statusCode).toBe(403);
    const other = await t.injectAs(
      await t.createUser({ roles: ['admin'], companyId: await t.createCompany('Else') }),
    );
    expect((await other.get(`/v1/profiles/${profile.id}`)).statusCode).toBe(404);
    expect((await other.get(`/v1/profiles/${profile.id}/rules`)).statusCode).toBe(404);
    const ruleId = (await rulesOf(profile.id))[0]?.id;
    expect((await other.get(`/v1/profile-rules/${ruleId}`)).statusCode).toBe(404);
    expect((await other.get(`/v1/profiles/${profile.id}/sync`)).statusCode).toBe(404);

    expect((await editor.delete(`/v1/profiles/${profile.id}`)).statusCode).toBe(204);
    expect((await editor.get(`/v1/profiles/${profile.id}`)).statusCode).toBe(404);
    const restored = await editor.post(`/v1/profiles/${profile.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.status).toBe('synced');
  });
});

describe('profiles: a feed URL goes through the SSRF guard', () => {
  let server: http.Server;
  let url: string;
  let guarded: TestApp;
  let open: TestApp;

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end('Unique_ID,Reporting_Label\nu1,One\nu2,Two\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.csv`;
    guarded = await buildTestApp();
    open = await buildTestApp({ DATASOURCE_ALLOW_HOSTS: '127.0.0.1' });
  });
  afterAll(async () => {
    await guarded.close();
    await open.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const editorOf = async (app: TestApp) =>
    app.injectAs(await app.createUser({ permissions: ['edit profiles'] }));

  it('refuses a loopback address when saved, unless the operator allows the host', async () => {
    const client = await editorOf(guarded);
    const refused = await client.post('/v1/profiles', { name: 'By URL', source: 'url', url });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.url).toEqual(['127.0.0.1 cannot be reached from here']);
    // Nor may an edit point an existing feed inside.
    const upload = await client.post('/v1/profiles', {
      name: 'Elsewhere',
      source: 'url',
      url: 'https://feeds.example.com/a.csv',
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const edited = await client.put(`/v1/profiles/${upload.json().data.id}`, {
      url: 'http://[::1]:8080/feed.csv',
    });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().errors.url).toEqual(['[::1] cannot be reached from here']);

    const allowed = await editorOf(open);
    const res = await allowed.post('/v1/profiles', { name: 'By URL', source: 'url', url });
    expect(res.statusCode, res.body).toBe(201);
    await open.app.jobs.idle();
    const synced = (await allowed.get(`/v1/profiles/${res.json().data.id}`)).json().data as Profile;
    expect(synced.status).toBe('synced');
    expect(synced.rows_active).toBe(2);
  });

  it('still refuses at the sync a feed saved before the rule (or whose name now resolves inside)', async () => {
    const client = await editorOf(guarded);
    const res = await client.post('/v1/profiles', {
      name: 'Moved inside',
      source: 'url',
      url: 'https://feeds.example.com/b.csv',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    await guarded.app.jobs.idle();
    await guarded.db.updateTable('profiles').set({ url }).where('id', '=', id).execute();
    expect((await client.get(`/v1/profiles/${id}/sync`)).statusCode).toBeLessThan(300);
    await guarded.app.jobs.idle();
    const failed = (await client.get(`/v1/profiles/${id}`)).json().data as Profile;
    expect(failed.status).toBe('failed');
    expect(failed.sync_error).toMatch(/127\.0\.0\.1/);
  });
});

describe('profiles: Google Sheets through a local fake Google', () => {
  let google: FakeGoogle;
  let byExport: TestApp;
  let byApi: TestApp;
  let dir: string;

  beforeAll(async () => {
    google = await startFakeGoogle();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-google-'));
    google.sheets.set('1GoodSheetGoodSheetGoodSheet0', {
      xlsx: fs.readFileSync(new URL('../fixtures/feeds/good.xlsx', import.meta.url)),
    });
    google.sheets.set('1PrivateSheetPrivateSheetPriv', { private: true });
    google.sheets.set('1ApiSheetApiSheetApiSheetApi0', {
      values: {
        'Feed!A1:D': [
          ['Unique_ID', 'Reporting_Label', 'Price', 'Live'],
          ['g1', 'First', 12.5, true],
          ['g2', 'Second', 3, false],
        ],
      },
    });
    byExport = await buildTestApp({ SHEETS_EXPORT_URL: google.exportUrlTemplate });
    byApi = await buildTestApp({
      GOOGLE_APPLICATION_CREDENTIALS: google.writeCredentials(dir),
      SHEETS_API_URL: google.apiUrl,
    });
  });
  afterAll(async () => {
    await byExport.close();
    await byApi.close();
    await google.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const syncSheet = async (app: TestApp, body: Record<string, unknown>) => {
    const client = await app.injectAs(await app.createUser({ permissions: ['edit profiles'] }));
    // Profile names are unique per company: each sheet its own.
    const name = `Sheet ${Math.random().toString(36).slice(2, 8)}`;
    const res = await client.post('/v1/profiles', { name, source: 'gsheet', ...body });
    expect(res.statusCode, res.body).toBe(201);
    await app.app.jobs.idle();
    const profile = (await client.get(`/v1/profiles/${res.json().data.id}`)).json().data as Profile;
    const rules = (await client.get(`/v1/profiles/${profile.id}/rules`)).json().data as ProfileRule[];
    return { profile, rules };
  };

  it('reads a link-shared sheet through its XLSX export, LibreOffice cell types and all', async () => {
    const { profile, rules } = await syncSheet(byExport, {
      url: 'https://docs.google.com/spreadsheets/d/1GoodSheetGoodSheetGoodSheet0/edit#gid=0',
      ranges: ['Feed'],
    });
    expect(profile.status, profile.sync_error ?? '').toBe('synced');
    const first = rules.find((r) => r.unique_id === 'A-1');
    expect(first?.start).toBe('2026-03-01');
    expect(first?.data.Name).toBe('Crème brûlée');
    expect(first?.data.Code).toBe('01234');
    expect(rules.find((r) => r.unique_id === 'A-2')?.data.Name).toBe('日本の春 🎉');
  });

  it('says what to do when the sheet is not shared', async () => {
    const { profile } = await syncSheet(byExport, { gsheet_id: '1PrivateSheetPrivateSheetPriv' });
    expect(profile.status).toBe('failed');
    expect(profile.sync_error).toMatch(/shared/i);
  });

  it('reads the ranges through the Sheets API with a service account', async () => {
    const { profile, rules } = await syncSheet(byApi, {
      gsheet_id: '1ApiSheetApiSheetApiSheetApi0',
      ranges: ['Feed!A1:D'],
    });
    expect(profile.status, profile.sync_error ?? '').toBe('synced');
    expect(rules.map((r) => [r.unique_id, r.data.Price, r.data.Live])).toEqual([
      ['g1', 12.5, true],
      ['g2', 3, false],
    ]);
    expect(google.requests.some((r) => r.path === '/token')).toBe(true);
  });
});
