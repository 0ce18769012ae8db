import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installQaFixture,
  makeQaFixture,
  type QaFixtureApi,
  type QaFixtureCall,
  type QaRunState,
  startQaRun,
} from '../../../../scripts/qa-fixture';
import { engine } from '../helper';
import { descendants } from '../support/process-tree';
import { type QaMediaServer, startQaMediaServer } from '../support/qa-media-server';
import { eventually, faultWorld, HttpSession } from '../support/server-process';

const ADMIN = { email: 'qa-restart@example.com', password: 'kill-dash-nine' };
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Without a browser no run gets under way: the suite is skipped, saying so in its name.
const hasChromium = fs.existsSync(chromium);
/** Enough variants that the run is still going when the first are checked. */
const ROWS = 60;
/** Bounds, not timing claims: a loaded 2-core machine is slow, never wrong. */
const STARTED_BOUND_MS = 120_000;
const ENDED_BOUND_MS = 8 * 60_000;

let world: Awaited<ReturnType<typeof faultWorld>> | undefined;
let media: QaMediaServer | undefined;
const session = new HttpSession();
/** Chromium processes the killed server left, ended by the test whatever it found. */
const leftBehind = new Set<number>();

const call: QaFixtureCall = async (method, url, body) => {
  const res = await session.fetch(world!.base, url, { method, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};

const runOf = async (creativeId: number, runId: number) => {
  const res = await call('GET', `/v1/creatives/${creativeId}/qa-runs/${runId}?items-per-page=1`);
  expect(res.status).toBe(200);
  return (res.body as { data: QaRunState }).data;
};

const isChromium = (pid: number) => {
  try {
    return /chrom/i.test(fs.readFileSync(`/proc/${pid}/comm`, 'utf8'));
  } catch {
    return false;
  }
};

const alive = (pid: number) => {
  try {
    // A zombie is dead; its parent (init, once the server is gone) reaps it.
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};

/**
 * A QA run survives a crash of its server (issue 45): kill -9 while it checks variants, start the
 * server again on the same database and folder, and the run ends — resumed to `finished`, or
 * `failed` with its reason — never left `running`. The browser dies with the server that owned it.
 */
// On SQLite only: what the engine adds to a job's recovery after kill -9 is proven on both engines by
// unpack-faults.test.ts and faults.test.ts; this suite proves what QA adds (the run resumes or ends
// with its reason, and the browser dies with its server), and rendering in Chromium is the CI's
// heaviest load.
describe.runIf(hasChromium && engine === 'sqlite')(
  `a QA run when its server is killed (Chromium at ${chromium})`,
  () => {
    beforeAll(async () => {
      media = await startQaMediaServer();
      world = await faultWorld(engine, {
        name: 'qa-restart',
        admin: ADMIN,
        session,
        failpoints: [],
        extraEnv: { CHROMIUM_PATH: chromium, DATASOURCE_ALLOW_HOSTS: '127.0.0.1' },
      });
    }, 90_000);

    afterAll(async () => {
      for (const pid of leftBehind) if (alive(pid)) process.kill(pid, 'SIGKILL');
      await world?.close();
      await media?.close();
    });

    it(
      'resumes or fails with a reason after kill -9, never stays running',
      async () => {
        const { base, server } = world!;
        const api: QaFixtureApi = {
          call,
          putSigned: async (url, bytes, contentType) =>
            (
              await fetch(url, {
                method: 'PUT',
                headers: { 'content-type': contentType },
                body: new Uint8Array(bytes),
              })
            ).status,
        };
        const fixture = makeQaFixture({ rows: ROWS, mediaBase: media!.url, seed: 9 });
        const { creativeId } = await installQaFixture(api, fixture, 'Restart');
        const started = await startQaRun(call, creativeId);
        const midway = await eventually(
          async () => {
            const run = await runOf(creativeId, started.id);
            return run.status === 'running' && run.checked > 0 ? run : undefined;
          },
          'the run to check its first variants',
          STARTED_BOUND_MS,
        );
        expect(midway.checked).toBeLessThan(midway.total);

        const browser = (server.pid ? descendants(server.pid) : []).filter(isChromium);
        // The run's browser is the server's: the check after the kill must have something to look at.
        expect(browser.length).toBeGreaterThan(0);
        for (const pid of browser) leftBehind.add(pid);
        await server.crash();
        await server.start();
        // A fresh session: the old one's cookies still hold (sessions live in the database), but sign in anew.
        expect((await session.signIn(base, ADMIN.email, ADMIN.password)).status).toBe(200);

        const ended = await eventually(
          async () => {
            const run = await runOf(creativeId, started.id);
            return run.status === 'finished' || run.status === 'failed' || run.status === 'cancelled'
              ? run
              : undefined;
          },
          'the run to end after the restart',
          ENDED_BOUND_MS,
        );
        console.log(
          `QA run after kill -9 at ${midway.checked}/${midway.total}: ${ended.status}` +
            (ended.status === 'finished'
              ? `, ${ended.checked}/${ended.total} checked (${ended.carried_over} carried over)`
              : `: ${ended.failure}`),
        );
        expect(ended.status).not.toBe('cancelled');
        if (ended.status === 'finished') {
          expect(ended).toMatchObject({ checked: ended.total, total: ROWS });
          expect(ended.verdict).toBe('failed');
        } else {
          expect(ended.failure ?? '').not.toBe('');
        }
        // The killed server's Chromium went with it (its pipe closed), not left running.
        await eventually(
          async () => (browser.every((pid) => !alive(pid)) ? true : undefined),
          "the killed server's Chromium processes to end",
          30_000,
        );
      },
      STARTED_BOUND_MS + ENDED_BOUND_MS + 120_000,
    );
  },
);
