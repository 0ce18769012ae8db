import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { serveIn, travelCreative } from './fixtures';

/**
 * SQLite open to its own tools (issue 47): the sqlite3 shell writes the tables served ads depend
 * on (before, their triggers called a function only the app's connection has, and the shell failed
 * with "no such function: serving_changed"), and the running server serves the change within a
 * second, having read it from the change log.
 */
let t: TestApp;
let editor: Client;
let file = '';

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.injectAs(await t.createUser({ permissions: ['edit creatives'] }));
  if (t.config.database.kind === 'sqlite') file = t.config.database.file;
});
afterAll(() => t?.close());

const serve = (token: string) => serveIn(t.app, token);

/** What the sqlite3 shell prints for `statement` on the test's database; throws with its error. */
const shell = (statement: string) =>
  execFileSync('sqlite3', ['-bail', file, statement], { encoding: 'utf8', stdio: 'pipe' });

describe.runIf(engine === 'sqlite')('the sqlite3 shell', () => {
  it('writes a served table, and the running server serves the change within a second', async () => {
    const travel = await travelCreative(t, t.companyId);
    const made = await editor.post(`/v1/creatives/${travel.creativeId}/tags`, { name: 'Shell placement' });
    expect(made.statusCode, made.body).toBe(201);
    const { id, token } = made.json().data as { id: number; token: string };
    expect((await serve(token)).statusCode).toBe(200);
    expect(t.app.services.adServing.kept().tags).toBeGreaterThan(0);

    // Another process revokes the tag, as an operator would by hand.
    shell(`update ad_tags set revoked_at = '2026-12-07T10:00:00.000Z' where id = ${id};`);
    const committed = Date.now();
    let status = 200;
    while (Date.now() - committed < 3000) {
      status = (await serve(token)).statusCode;
      if (status === 410) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(410);
    expect(Date.now() - committed).toBeLessThan(1000);
    // The shell's write went to the change log under the tag's creative, as the app's own do.
    expect(
      shell(`select count(*) from serving_changes where key = 'creative:${travel.creativeId}';`).trim(),
    ).not.toBe('0');
  });

  it('writes every table the serving triggers watch', () => {
    for (const statement of [
      `update creatives set name = name where id = (select min(id) from creatives);`,
      `update campaigns set name = name where id = (select min(id) from campaigns);`,
      `update profiles set name = name where id = (select min(id) from profiles);`,
      `update profile_rules set data = data where id = (select min(id) from profile_rules);`,
      `update conditions set name = name where id = (select min(id) from conditions);`,
      `update ad_tags set name = name where id = (select min(id) from ad_tags);`,
      `delete from approvals where 0;`,
      `update packages set status = status where id = (select min(id) from packages);`,
      `update assets set name = name where id = (select min(id) from assets);`,
      `update data_sources set name = name where id = (select min(id) from data_sources);`,
    ])
      expect(() => shell(statement), statement).not.toThrow();
  });
});
