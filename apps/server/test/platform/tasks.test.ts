import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASKS } from '../../src/app';
import { UNPACK_JOB } from '../../src/modules/packages/packages.service';
import { PROCESSING_JOB } from '../../src/modules/processing-assets/processing-assets.service';
import { SYNC_JOB } from '../../src/modules/profiles/profile-syncs.service';
import { QA_JOB } from '../../src/modules/qa/qa-runs.service';
import { DELIVER_JOB } from '../../src/modules/webhooks/webhook-dispatch';
import type { AreaTasks, TaskContext, TaskEntry } from '../../src/plugins/tasks';
import { buildTestApp, type TestApp } from '../helper';

const SRC = path.resolve(import.meta.dirname, '../../src');
/** The one file that starts background work, and the timer helper it calls. */
const STARTERS = new Set(['plugins/tasks.ts', 'lib/periodic.ts']);
const STARTS_WORK = /\brunPeriodically\s*\(|\bjobs\.work\b/;

function sources(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path.relative(SRC, file)] : [];
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('background tasks', () => {
  it('are started by the tasks plugin only: no routes file or other plugin starts work', () => {
    const starters = sources().filter((file) =>
      STARTS_WORK.test(fs.readFileSync(path.join(SRC, file), 'utf8')),
    );
    expect(starters.filter((file) => !STARTERS.has(file))).toEqual([]);
    expect(starters).toContain('plugins/tasks.ts');
  });

  it("lists every area's tasks file once in app.ts's TASKS", async () => {
    const files = sources().filter((file) => file.endsWith('.tasks.ts'));
    expect(files.length).toBeGreaterThan(0);
    const declared: AreaTasks[] = [];
    for (const file of files) {
      const exports: Record<string, unknown> = await import(path.join(SRC, file));
      const areas = Object.values(exports).filter((value) => typeof value === 'function');
      expect(areas, file).toHaveLength(1);
      declared.push(areas[0] as AreaTasks);
    }
    expect(new Set(TASKS).size).toBe(TASKS.length);
    expect(new Set(TASKS)).toEqual(new Set(declared));
  });

  it('starts each timer and worker once, with its interval, its run at ready and its failure hook', () => {
    const timer = (name: string, everyMs: number, onReady = false): TaskEntry => ({
      kind: 'timer',
      name,
      everyMs,
      onReady,
    });
    const worker = (name: string, onFailed: boolean): TaskEntry => ({ kind: 'worker', name, onFailed });
    expect(t.app.taskTable).toEqual([
      ...(t.config.database.kind === 'sqlite'
        ? [timer('sqlite optimize', 3_600_000)]
        : [timer('rate limit sweep', 60_000)]),
      timer('session sweep', 15 * 60_000),
      timer('upload sweep', 3_600_000, true),
      timer('asset purge', 3_600_000, true),
      worker(UNPACK_JOB, true),
      timer('package sweep', 6 * 3_600_000, true),
      worker(PROCESSING_JOB, true),
      worker(SYNC_JOB, true),
      timer('profile schedules', t.config.scheduleTickMs),
      worker(QA_JOB, true),
      // No data source refresh in tests (they call refreshDue themselves): below.
      worker(DELIVER_JOB, false),
      timer('webhook dispatch', 500),
      timer('webhook prune', 3_600_000, true),
      timer('mail', 1000),
      timer('outbox prune', 3_600_000, true),
    ]);
  });

  it('refreshes data sources on a timer outside tests, under a name no other task takes', () => {
    const context: TaskContext = {
      services: t.app.services,
      config: { ...t.app.config, env: 'production' },
      db: t.app.db,
    };
    const all = TASKS.map((area) => area(context));
    const names = all.flatMap(({ timers = [], workers = [] }) => [
      ...timers.map((entry) => `timer ${entry.name}`),
      ...workers.map((entry) => `worker ${entry.job}`),
    ]);
    expect(new Set(names).size).toBe(names.length);
    const refresh = all
      .flatMap(({ timers = [] }) => timers)
      .find((entry) => entry.name === 'data source refresh');
    expect(refresh).toMatchObject({ everyMs: 60_000 });
    expect(refresh?.onReady).toBeFalsy();
  });
});
