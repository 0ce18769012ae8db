import type { Profile, ProfileIssue, ProfileRule } from '@adstudio/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCondition, insertDataSource } from '../conditions/fixtures';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';
import { uploadHelpers } from '../uploads/upload-helpers';
import { profileFromUpload } from './feed-profile';

/**
 * Issue 44: a feed's rows naming conditions that do not exist yet are rejected; once conditions of
 * those names exist in the company, the profile counts the rows a sync would now take in and the
 * errors say which, until a sync takes them in.
 */

let t: TestApp;
let editor: Client;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.injectAs(await t.createUser({ permissions: ['edit profiles', 'edit conditions'] }));
});
afterAll(() => t.close());

const { upload } = uploadHelpers(
  () => t,
  () => editor,
);

const documented = (res: LightMyRequestResponse, method: string, url: string) => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  expectDocumentedAnswer(t.app.swagger(), { method, url }, res);
  return res;
};

/**
 * Row 2 names no condition; row 3 names one that does not exist yet (its only fault); row 4 names
 * it too but has no label; row 5 names it and a second missing one.
 */
const FEED = [
  'Unique_ID,Reporting_Label,Conditions',
  'a1,One,',
  'a2,Two,Rain Soon',
  'a3,,Rain Soon',
  'a4,Four,"RAIN SOON; Cold Snap"',
].join('\n');

const profileOf = async (id: number): Promise<Profile> =>
  documented(await editor.get(`/v1/profiles/${id}`), 'GET', '/v1/profiles/:id').json().data;

const issuesOf = async (id: number): Promise<ProfileIssue[]> =>
  documented(await editor.get(`/v1/profiles/${id}/errors`), 'GET', '/v1/profiles/:id/errors').json().data;

/** The rows the errors say a sync would now take in. */
const flaggedRows = async (id: number) =>
  (await issuesOf(id)).filter((issue) => issue.fixed_by_resync).map((issue) => issue.row);

const createCondition = async (name: string, field = 'weekday', value: unknown = ['sat', 'sun']) =>
  documented(
    await editor.post('/v1/conditions', {
      name,
      logic: 'all',
      predicates: [{ field, operator: field === 'weekday' ? 'in' : 'lt', value }],
    }),
    'POST',
    '/v1/conditions',
  ).json().data.id as number;

describe('profiles: rows a sync would now take in', () => {
  it('counts and flags rows whose missing conditions now exist, in this company only, until a sync takes them in', async () => {
    const signed = await upload(Buffer.from(`${FEED}\n`), 'text/csv');
    const { id } = await profileFromUpload(t, editor, signed.key, 'Weather feed');

    let profile = await profileOf(id);
    expect(profile).toMatchObject({ status: 'synced', rows_total: 4, rows_active: 1, rows_with_errors: 3 });
    expect(profile.fixable_rows).toBe(0);
    const issues = await issuesOf(id);
    expect(issues.map((i) => [i.row, i.column, i.fixed_by_resync])).toEqual([
      [3, 'Conditions', false],
      [4, 'Reporting_Label', false],
      [4, 'Conditions', false],
      [5, 'Conditions', false],
    ]);

    // Another company's condition of that name changes nothing here.
    await insertCondition(t.db, { companyId: await t.createCompany(), name: 'Rain Soon' });
    expect((await profileOf(id)).fixable_rows).toBe(0);
    expect(await flaggedRows(id)).toEqual([]);

    // Named as a sync matches it (case aside): row 3 alone is waiting for nothing more.
    await createCondition('rain soon');
    expect((await profileOf(id)).fixable_rows).toBe(1);
    expect(await flaggedRows(id)).toEqual([3]);
    const listed = documented(await editor.get('/v1/profiles?filter=Weather'), 'GET', '/v1/profiles');
    expect(listed.json().data.map((p: Profile) => [p.id, p.fixable_rows])).toEqual([[id, 1]]);

    // A condition reading a data source: once the source and the condition exist, row 5 is ready too.
    const sourceId = await insertDataSource(t.db, { companyId: t.companyId, name: 'Forecast' });
    const coldSnap = await createCondition('Cold Snap', `datasource:${sourceId}`, 5);
    expect((await profileOf(id)).fixable_rows).toBe(2);
    expect(await flaggedRows(id)).toEqual([3, 5]);

    // Deleted, it no longer counts; restored, it does again.
    expect((await editor.delete(`/v1/conditions/${coldSnap}`)).statusCode).toBe(204);
    expect((await profileOf(id)).fixable_rows).toBe(1);
    expect((await editor.post(`/v1/conditions/${coldSnap}/restore`)).statusCode).toBe(200);
    expect((await profileOf(id)).fixable_rows).toBe(2);

    // The CSV says the same as the JSON.
    const csv = await editor.get(`/v1/profiles/${id}/errors?format=csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"row","column","value","message","severity","fixed_by_resync"');
    expect(lines.slice(1).map((line) => line.slice(line.lastIndexOf(',') + 1))).toEqual([
      '"true"',
      '"false"',
      '"false"',
      '"true"',
    ]);

    // The sync takes them in: nothing is left to offer.
    expect((await editor.get(`/v1/profiles/${id}/sync`)).statusCode).toBe(200);
    await t.app.jobs.idle();
    profile = await profileOf(id);
    expect(profile).toMatchObject({ status: 'synced', rows_active: 3, rows_with_errors: 1, fixable_rows: 0 });
    // Row 4's conditions exist now; its missing label keeps it out.
    expect((await issuesOf(id)).map((i) => [i.row, i.column, i.fixed_by_resync])).toEqual([
      [4, 'Reporting_Label', false],
    ]);
    const rules: ProfileRule[] = (await editor.get(`/v1/profiles/${id}/rules`)).json().data;
    expect(rules.map((r) => [r.unique_id, r.condition_ids.length])).toEqual([
      ['a1', 0],
      ['a2', 1],
      ['a4', 2],
    ]);
  });

  it('answers a large report (kept while it stays the same) as exactly: conditions created since, a sync since', async () => {
    const rows = Array.from({ length: 1_200 }, (_, i) => `h${i},Hail ${i},Hail Later`);
    const signed = await upload(
      Buffer.from(`Unique_ID,Reporting_Label,Conditions\n${rows.join('\n')}\n`),
      'text/csv',
    );
    const { id } = await profileFromUpload(t, editor, signed.key, 'Hail feed');
    const first = await issuesOf(id);
    expect(first).toHaveLength(1_200);
    expect(first.every((issue) => issue.column === 'Conditions' && !issue.fixed_by_resync)).toBe(true);
    expect(first.map((issue) => issue.row)).toEqual(rows.map((_, i) => i + 2));

    await createCondition('hail later');
    expect(await flaggedRows(id)).toEqual(rows.map((_, i) => i + 2));
    expect((await editor.get(`/v1/profiles/${id}/errors?severity=warning`)).json().data).toEqual([]);

    expect((await editor.get(`/v1/profiles/${id}/sync`)).statusCode).toBe(200);
    await t.app.jobs.idle();
    expect(await issuesOf(id)).toEqual([]);
    expect((await profileOf(id)).rows_active).toBe(1_200);
  });
});
