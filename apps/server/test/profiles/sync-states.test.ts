import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Profile, ProfileIssue, ProfileRule, ProfileSync } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertProfile } from '../rows';

/**
 * Issue 30: a profile's status, figures, history and errors tell one story in every state a feed
 * goes through, new → syncing → failed → synced → failed again, whatever the engine.
 */

/** What every view of the profile answers at one moment. */
interface Views {
  profile: Profile;
  syncs: ProfileSync[];
  issues: ProfileIssue[];
  rules: ProfileRule[];
}

/** A failure is an error of no row and no column. */
const isFailure = (issue: ProfileIssue) => issue.row === null && issue.column === null;

/**
 * The rules every state keeps: the figures are those of the last complete sync, which History
 * lists; the issues are that sync's, with the failure of a sync that failed since; a running
 * sync's partial issues never show.
 */
function expectOneStory({ profile, syncs, issues, rules }: Views) {
  const complete = syncs.find((s) => s.status === 'synced' || s.status === 'needs_confirmation');
  const latest = syncs.find((s) => s.status !== 'syncing');
  if (complete) {
    expect(profile.rows_total).toBe(complete.rows_total);
    expect(profile.rows_with_errors).toBe(complete.rows_with_errors);
    expect(profile.warnings_total).toBe(complete.warnings_total);
  } else {
    expect([profile.rows_total, profile.rows_with_errors, profile.warnings_total]).toEqual([0, 0, 0]);
  }
  const synced = syncs.find((s) => s.status === 'synced');
  expect(profile.synced_at).toBe(synced?.finished_at ?? null);
  expect(profile.rows_active).toBe(rules.filter((r) => r.active).length);

  const rowErrors = new Set(issues.filter((i) => i.severity === 'error' && i.row !== null).map((i) => i.row));
  expect(rowErrors.size).toBe(profile.rows_with_errors);
  expect(issues.filter((i) => i.severity === 'warning')).toHaveLength(profile.warnings_total);

  const failures = issues.filter(isFailure);
  if (latest?.status === 'failed') {
    expect(failures).toEqual([
      {
        row: null,
        column: null,
        value: null,
        message: latest.error,
        severity: 'error',
        fixed_by_resync: false,
      },
    ]);
  } else {
    expect(failures).toEqual([]);
  }
  if (profile.status === 'failed') {
    expect(latest?.status).toBe('failed');
    expect(profile.sync_error).toBe(latest?.error);
  }
  if (profile.status === 'syncing') expect(syncs[0]?.status).toBe('syncing');
  if (profile.status === 'new') expect(syncs).toEqual([]);
}

describe('profiles: status, figures, history and errors agree', () => {
  let server: http.Server;
  /** What the feed URL answers next. */
  let feed = { status: 200, body: '' };
  let t: TestApp;
  let editor: Client;

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(feed.status, { 'content-type': 'text/csv' });
      res.end(feed.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t = await buildTestApp({ DATASOURCE_ALLOW_HOSTS: '127.0.0.1' });
    editor = await t.injectAs(await t.createUser({ permissions: ['edit profiles'] }));
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const views = async (id: number): Promise<Views> => {
    const read = async (url: string) => {
      const res = await editor.get(url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    return {
      profile: await read(`/v1/profiles/${id}`),
      syncs: await read(`/v1/profiles/${id}/syncs`),
      issues: await read(`/v1/profiles/${id}/errors`),
      rules: await read(`/v1/profiles/${id}/rules?items-per-page=-1`),
    };
  };

  /** Starts a sync of the feed answering `next`, and answers the views once it ended. */
  const syncWith = async (id: number, next: typeof feed) => {
    feed = next;
    const res = await editor.get(`/v1/profiles/${id}/sync`);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.idle();
    return views(id);
  };

  const GOOD = {
    status: 200,
    // Row 3 lacks its label, row 4's date does not exist, row 5 has a value under no header.
    body: 'Unique_ID,Reporting_Label,Start_Date\na1,One,\na2,,\na3,Three,2026-02-30\na4,Four,,extra\n',
  };
  const NO_ID = { status: 200, body: 'Name,Headline\nx,y\n' };

  it('tells one story from new through a failure to synced and a failure again', async () => {
    const id = await insertProfile(t.db, { companyId: t.companyId, name: 'Story feed' });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.csv`;
    const before = (await editor.get(`/v1/profiles/${id}`)).json().data as Profile;
    const put = await editor.put(`/v1/profiles/${id}`, { source: 'url', url, updated_at: before.updated_at });
    expect(put.statusCode, put.body).toBe(200);

    // new: nothing has run, nothing is wrong.
    const fresh = await views(id);
    expect(fresh.profile.status).toBe('new');
    expect(fresh.issues).toEqual([]);
    expectOneStory(fresh);

    // syncing: the history shows the running sync; nothing it found shows yet.
    await t.app.jobs.stop();
    feed = NO_ID;
    try {
      expect((await editor.get(`/v1/profiles/${id}/sync`)).statusCode).toBe(200);
      const running = await views(id);
      expect(running.profile.status).toBe('syncing');
      expect(running.syncs.map((s) => s.status)).toEqual(['syncing']);
      expectOneStory(running);
    } finally {
      await t.app.jobs.start();
    }
    await t.app.jobs.idle();

    // failed (a first sync): the failure is the one error, in every view.
    const failed = await views(id);
    expect(failed.profile.status).toBe('failed');
    expect(failed.profile.sync_error).toMatch(/Unique_ID/);
    expect(failed.syncs.map((s) => s.status)).toEqual(['failed']);
    expect(failed.issues).toHaveLength(1);
    expectOneStory(failed);

    // synced: the rows' issues replace the failure; the figures are this sync's.
    const synced = await syncWith(id, GOOD);
    expect(synced.profile.status).toBe('synced');
    expect(synced.syncs.map((s) => s.status)).toEqual(['synced', 'failed']);
    expect(synced.profile).toMatchObject({
      rows_total: 4,
      rows_active: 2,
      rows_with_errors: 2,
      warnings_total: 1,
    });
    expect(synced.issues.map((i) => [i.row, i.severity])).toEqual([
      [3, 'error'],
      [4, 'error'],
      [5, 'warning'],
    ]);
    expectOneStory(synced);

    // A re-sync that is running shows the last sync's issues, not its own partial ones.
    feed = { status: 503, body: 'busy' };
    await t.app.jobs.stop();
    try {
      expect((await editor.get(`/v1/profiles/${id}/sync`)).statusCode).toBe(200);
      const running = await t.db
        .selectFrom('profiles')
        .select('sync_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('profile_errors')
        .values({
          company_id: t.companyId,
          profile_id: id,
          sync_id: running.sync_id,
          row: 9,
          column: 'Reporting_Label',
          message: 'Read so far by the running sync.',
          severity: 'error',
          created_at: new Date().toISOString(),
        })
        .execute();
      const resyncing = await views(id);
      expect(resyncing.profile.status).toBe('syncing');
      expect(resyncing.issues).toEqual(synced.issues);
      expectOneStory(resyncing);
    } finally {
      await t.app.jobs.start();
    }
    await t.app.jobs.idle();

    // failed again: the rules, figures and row issues of the synced feed stay, beside the failure.
    const again = await views(id);
    expect(again.profile.status).toBe('failed');
    expect(again.profile.sync_error).toMatch(/503/);
    expect(again.syncs.map((s) => s.status)).toEqual(['failed', 'synced', 'failed']);
    expect(again.rules).toEqual(synced.rules);
    expect(again.issues.filter((i) => !isFailure(i))).toEqual(synced.issues);
    expectOneStory(again);

    // And synced once more: no failure is left.
    const back = await syncWith(id, GOOD);
    expect(back.profile.status).toBe('synced');
    expect(back.issues).toEqual(synced.issues);
    expectOneStory(back);
  });
});
