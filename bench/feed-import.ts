/**
 * The feed import: a 100,000-row × 20-column feed (times BENCH_SCALE) as CSV and as XLSX, each
 * synced by the real profile sync (openFeed → validate → stage → swap; a first sync on PostgreSQL
 * writes its rules directly) from an uploaded file on a throwaway database, then synced again
 * (every row matches by Unique_ID). Beside it, csv-parse
 * alone on the same CSV file and the feed readers alone. Each measurement runs in a process of
 * its own, so its peak RSS is its own. Prints figures beside the goals; asserts nothing.
 *
 *   npm run bench -- feed-import
 *   BENCH_FEED=700k         the largest feed Studio takes, 700,000 rows × 100 columns (the 20 and
 *                           80 more: bench/lib/feed-files.ts), against issue 47's goals: each sync
 *                           < 120 s and < 600 MB on PostgreSQL. Its files are far over Studio's
 *                           100 MB per file (FEED_LIMITS.bytes): the measuring processes read them
 *                           as an operator's FEED_MAX_MB lets the product (decision 0146); its
 *                           XLSX's shared strings (548 MB of XML, 370 MB of text) go to a temporary
 *                           file as they are read (decision 0143). Writing the files takes 7 minutes
 *                           and 4 GB of memory
 *   BENCH_SCALE=0.1         a quick run (10k rows; with BENCH_FEED=700k, 70k rows)
 *   BENCH_FEED_FILES=dir    keeps the feed's files in `dir`; a later run of the same size reads them
 *   BENCH_ENGINE=sqlite|postgres|both   (PostgreSQL needs TEST_DATABASE_URL; set, it runs both)
 *   BENCH_FORMATS=csv       syncs the CSV alone (its rules list and error report are the XLSX's too)
 *   BENCH_CPU_PROF=1        profiles each sync and prints its 10 heaviest functions by self time
 *                           (the profiler slows the syncs: their times are then not the figures)
 *
 * Each sync's line also gives the CPU time of the measuring process: on a machine others share it
 * varies less than the seconds do, so compare it when the load average differs between runs. It
 * leaves out PostgreSQL's own work, which runs in the database server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Config, Database } from '@adstudio/server/src/config';
import { createDb } from '@adstudio/server/src/db/database';
import { cellText } from '@adstudio/server/src/feeds/cell-values';
import { FEED_LIMITS, FeedError, type FeedTable } from '@adstudio/server/src/feeds/feed-table';
import { readFeedFile } from '@adstudio/server/src/feeds/read-feed-file';
import { nowIso } from '@adstudio/server/src/lib/time';
import { liveConditionNames } from '@adstudio/server/src/modules/conditions';
import { openFeed } from '@adstudio/server/src/modules/profiles/feed-source';
import { createProfileStagingRepository } from '@adstudio/server/src/modules/profiles/profile-staging.repository';
import { createProfileSync } from '@adstudio/server/src/modules/profiles/profile-sync';
import { createProfileSyncsRepository } from '@adstudio/server/src/modules/profiles/profile-syncs.repository';
import { createProfilesRepository } from '@adstudio/server/src/modules/profiles/profiles.repository';
import { createTemplatesRepository } from '@adstudio/server/src/modules/templates/templates.repository';
import { parse } from 'csv-parse';
import { cpuProfile } from './lib/cpu-profile';
import { type FeedWidth, feedColumns, feedTemplate, writeFeedCsv, writeFeedXlsx } from './lib/feed-files';
import { describeSetup } from './lib/machine';
import { type Timed, timeRuleReads } from './lib/rule-pages';
import { benchEngines, withThrowawayDb, withThrowawayDir } from './lib/throwaway-db';

/** The feeds measured, with their goals (docs/design.md §7). */
const FEEDS = {
  '100k': { rows: 100_000, width: 20, goal: { seconds: 10, peakMb: 300, ofCsvParse: 0.5 } },
  '700k': { rows: 700_000, width: 100, goal: { seconds: 120, peakMb: 600, ofCsvParse: undefined } },
} as const satisfies Record<string, { rows: number; width: FeedWidth; goal: object }>;
const FEED_NAME = process.env.BENCH_FEED ?? '100k';
if (!Object.hasOwn(FEEDS, FEED_NAME))
  throw new Error(`BENCH_FEED must be ${Object.keys(FEEDS).join(' or ')}, not ${FEED_NAME}`);
const FEED = FEEDS[FEED_NAME as keyof typeof FEEDS];
const GOAL = FEED.goal;
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
if (!(SCALE > 0)) throw new Error(`BENCH_SCALE must be a positive number, not ${process.env.BENCH_SCALE}`);
const ROWS = Math.max(100, Math.round(FEED.rows * SCALE));
/** A list page's goal (docs/design.md §7), which the rules list and the error report are held to. */
const GOAL_READ_MS = 20;
const root = path.resolve(import.meta.dirname, '..');
const PROFILING = Boolean(process.env.BENCH_CPU_PROF);

type Format = 'csv' | 'xlsx';
/** The formats synced (BENCH_FORMATS=csv: the CSV alone, for the rules list and error report). */
const FORMATS = (process.env.BENCH_FORMATS ?? 'csv,xlsx').split(',').map((format) => {
  if (format !== 'csv' && format !== 'xlsx')
    throw new Error(`BENCH_FORMATS: csv, xlsx or both, not ${format}`);
  return format as Format;
});
type Job =
  | { kind: 'sync'; database: Database; file: string; width: FeedWidth }
  | { kind: 'read'; format: Format; file: string }
  | { kind: 'csv-parse'; file: string };

interface Run {
  rows: number;
  seconds: number;
  /** VmHWM over the run, and VmRSS just before it (the process with its modules and database). */
  peakMb: number;
  baseMb: number;
  /**
   * CPU time of the measuring process over the run (user + system): steadier than the seconds when
   * other work shares the machine. PostgreSQL's own work runs in its server, outside this figure.
   */
  cpuSeconds: number;
  /** The message the product refused the feed with (a FeedError: over a limit), if it did. */
  refused?: string;
}
interface SyncRun extends Run {
  /** Until the feed's last row was read (and validated, and all but the last batch staged). */
  readSeconds: number;
  figures: string;
  /** The heaviest functions by self time, with BENCH_CPU_PROF. */
  top?: string[];
}
interface SyncResult {
  first: SyncRun;
  again: SyncRun;
  /** The rules list and the error report of the synced profile, timed. */
  reads: Timed[];
}

// --- in the measuring process -------------------------------------------------------------------

const statusKb = (field: 'VmHWM' | 'VmRSS') =>
  Number(fs.readFileSync('/proc/self/status', 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);

/** Starts a measured stretch: garbage collected, the peak reset to what is resident now. */
function startMeasure() {
  (globalThis as { gc?: () => void }).gc?.();
  fs.writeFileSync('/proc/self/clear_refs', '5');
  const baseMb = statusKb('VmRSS') / 1024;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  return (rows: number): Run => {
    const cpu = process.cpuUsage(cpu0);
    return {
      rows,
      seconds: (performance.now() - t0) / 1000,
      peakMb: statusKb('VmHWM') / 1024,
      baseMb,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
    };
  };
}

/** The table, noting when its rows run out: the rest of the sync is the last batch and the swap. */
function timedRows(table: FeedTable, done: () => void): FeedTable {
  const rows = table.rows;
  return {
    ...table,
    rows: {
      [Symbol.asyncIterator]() {
        const it = rows[Symbol.asyncIterator]();
        return {
          next: () =>
            it.next().then((result) => {
              if (result.done) done();
              return result;
            }),
          return: (value) => it.return?.(value) ?? Promise.resolve({ done: true, value }),
        };
      },
    },
  };
}

/** Samples the CPU while `work` runs (with BENCH_CPU_PROF); answers its heaviest functions by self time. */
const profiled = <T>(work: () => Promise<T>): Promise<{ value: T; top?: string[] }> =>
  PROFILING ? cpuProfile(work) : work().then((value) => ({ value }));

const UPLOAD_ONLY: Config['feeds'] = {
  sheetsExportUrl: '',
  sheetsApiUrl: '',
  tokenUrl: undefined,
  credentialsFile: undefined,
  allowHosts: [],
  maxBytes: FEED_LIMITS.bytes,
};

/**
 * A profile whose uploaded file is `file`, synced twice by the real sync, on a migrated database
 * the driving process made (and removes once this process is gone, whatever it was doing).
 */
async function measureSync(database: Database, file: string, width: FeedWidth): Promise<SyncResult> {
  const columns = feedTemplate(width);
  const db = createDb(database);
  try {
    const now = nowIso();
    const company = await db
      .insertInto('companies')
      .values({ name: 'Bench feeds', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const profiles = createProfilesRepository(db);
    const syncs = createProfileSyncsRepository(db);
    const template = await createTemplatesRepository(db).insert({
      company_id: company.id,
      name: 'Retail feed',
      columns: JSON.stringify(columns),
      created_at: now,
      updated_at: now,
    });
    const profile = await profiles.insert({
      company_id: company.id,
      template_id: template.id,
      name: 'Bench feed',
      source: 'upload',
      file_key: path.basename(file),
      file_name: path.basename(file),
      ranges: '[]',
      status: 'new',
      created_at: now,
      updated_at: now,
    });
    let readAt = 0;
    const sync = createProfileSync({
      db,
      profiles,
      syncs,
      staging: createProfileStagingRepository(db),
      liveConditions: (companyId) => liveConditionNames(db, companyId),
      templateColumns: async () => columns,
      open: async (row) => {
        const opened = await openFeed(row, { ...UPLOAD_ONLY, maxBytes: maxBytesFor(file) }, async (key) => ({
          path: path.join(path.dirname(file), key),
          release: async () => undefined,
        }));
        return { ...opened, table: timedRows(opened.table, () => (readAt = performance.now())) };
      },
    });
    const once = async (trigger: 'create' | 'user') => {
      const { id } = await syncs.insertSync({
        company_id: company.id,
        profile_id: profile.id,
        trigger,
        started_at: nowIso(),
      });
      if (!(await syncs.claimSync(profile.id, id, db))) throw new Error('the sync was not claimed');
      const measure = startMeasure();
      const t0 = performance.now();
      const { top } = await profiled(() => sync.run(id));
      const s = (await syncs.findSync(id))!;
      if (s.status === 'failed')
        return { ...measure(0), readSeconds: 0, figures: '', refused: s.error ?? '' };
      if (s.status !== 'synced') throw new Error(`the sync ended ${s.status}: ${s.error}`);
      const figures =
        `${s.rows_active} active, ${s.rows_with_errors} with errors, ${s.warnings_total} warnings; ` +
        `${s.rows_added} added, ${s.rows_changed} changed, ${s.rows_removed} removed`;
      return { ...measure(s.rows_total), readSeconds: (readAt - t0) / 1000, figures, top };
    };
    const first = await once('create');
    if (first.refused) return { first, again: first, reads: [] };
    const again = await once('user');
    return { first, again, reads: await timeRuleReads(db, company.id, profile.id) };
  } finally {
    await db.destroy();
  }
}

async function measureRead(format: Format, file: string): Promise<Run> {
  const measure = startMeasure();
  let rows = 0;
  try {
    const table = await readFeedFile(file, { kind: format, maxBytes: maxBytesFor(file) });
    for await (const _ of table.rows) rows++;
  } catch (error) {
    if (error instanceof FeedError) return { ...measure(rows), refused: error.message };
    throw error;
  }
  return measure(rows);
}

/** csv-parse as anyone would use it on a file: a stream piped into the parser, records counted. */
async function measureCsvParse(file: string): Promise<Run> {
  const measure = startMeasure();
  let records = 0;
  const parser = fs.createReadStream(file).pipe(parse({ bom: true, relax_column_count: true }));
  parser.on('data', () => records++);
  await new Promise((resolve, reject) => parser.on('end', resolve).on('error', reject));
  return measure(records - 1);
}

async function child(job: Job) {
  const result =
    job.kind === 'sync'
      ? await measureSync(job.database, job.file, job.width)
      : job.kind === 'read'
        ? await measureRead(job.format, job.file)
        : await measureCsvParse(job.file);
  console.log(JSON.stringify(result));
}

// --- in the driving process ---------------------------------------------------------------------

/**
 * Runs a job in a fresh Node process with tsx's loader (one process: tsx's CLI would add a parent
 * that a SIGKILL could not pass through); answers what it printed last.
 */
function inChild<T>(job: Job, track: (running: ChildProcess | undefined) => void) {
  // Source maps let a profile name the TypeScript lines; they cost a little at start only.
  const flags = ['--import', 'tsx', '--expose-gc', ...(PROFILING ? ['--enable-source-maps'] : [])];
  const running = spawn(process.execPath, [...flags, import.meta.filename, 'child', JSON.stringify(job)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  track(running);
  let out = '';
  running.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
  return new Promise<T>((resolve, reject) => {
    running.on('exit', (code, signal) => {
      track(undefined);
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as T);
      else reject(new Error(`${job.kind} child ended with ${signal ?? code}: ${out.trim().slice(-500)}`));
    });
  });
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');
const sizeMb = (file: string) => `${fmt(fs.statSync(file).size / 2 ** 20, 1)} MB`;

async function main() {
  const engines = benchEngines();
  await withThrowawayDir('adstudio-bench-feed-', async (dir, beforeRemoving) => {
    // Should the code under test hang, Node exits (13) without the async removal: the files go anyway.
    const removeNow = () => fs.rmSync(dir, { recursive: true, force: true });
    process.on('exit', removeNow);
    beforeRemoving(() => {
      process.off('exit', removeNow);
    });
    // On an abort the throwaway databases are dropped at once: the child measuring on one must not
    // hold its locks (a PostgreSQL drop would wait, or deadlock). It keeps nothing worth a clean end.
    let current: ChildProcess | undefined;
    const track = (running: ChildProcess | undefined) => {
      current = running;
    };
    const stopChild = () => current?.kill('SIGKILL');
    for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'uncaughtException', 'exit'] as const)
      process.on(event, stopChild);

    const { csv, xlsx, written } = await feedFiles(dir);
    console.log(
      `feed: ${fmt(ROWS)} rows × ${feedColumns(FEED.width).length} columns (BENCH_FEED=${FEED_NAME}, BENCH_SCALE=${SCALE}); ` +
        `CSV ${sizeMb(csv)}, XLSX ${sizeMb(xlsx)}; ${written}`,
    );
    const over = [csv, xlsx].filter((file) => fs.statSync(file).size > FEED_LIMITS.bytes);
    if (over.length > 0)
      console.log(
        `note: ${over.map((file) => path.extname(file).slice(1).toUpperCase()).join(' and ')} over Studio's ` +
          `${FEED_LIMITS.bytes / 2 ** 20} MB per file (FEED_LIMITS.bytes), read as an operator's FEED_MAX_MB ` +
          'would let the product read them (docs/decisions/0146)',
      );
    console.log(await sanityCheck(csv, xlsx).catch((error) => `sanity: ${error.message}`));

    const parsed = await inChild<Run>({ kind: 'csv-parse', file: csv }, track);
    const reads = {
      csv: await inChild<Run>({ kind: 'read', format: 'csv', file: csv }, track),
      xlsx: FORMATS.includes('xlsx')
        ? await inChild<Run>({ kind: 'read', format: 'xlsx', file: xlsx }, track)
        : undefined,
    };
    const rate = (run: Run) => run.rows / run.seconds;
    const head = (label: string) => label.padEnd(24);
    const line = (label: string, run: Run, extra = '') =>
      run.refused
        ? `${head(label)}refused after ${fmt(run.seconds, 2)} s, ${fmt(run.peakMb)} MB: ${run.refused}`
        : `${head(label)}${fmt(run.rows).padStart(9)}  ${fmt(run.seconds, 2).padStart(7)} s ${mark(run.seconds < GOAL.seconds).padEnd(6)}` +
          `${fmt(rate(run)).padStart(9)}/s  ${fmt(run.peakMb).padStart(5)} MB ${mark(run.peakMb < GOAL.peakMb).padEnd(6)}` +
          ` (from ${fmt(run.baseMb)})${extra}`;
    const rows: string[] = [
      `${head('')}${'rows'.padStart(9)}  ${`seconds (< ${GOAL.seconds})`.padEnd(17)}${'rows/s'.padStart(11)}  peak RSS (< ${GOAL.peakMb} MB)`,
      line('csv-parse alone', parsed),
      line('CSV reader alone', reads.csv, `   ${fmt(rate(reads.csv) / rate(parsed), 2)} of csv-parse`),
      ...(reads.xlsx ? [line('XLSX reader alone', reads.xlsx)] : []),
    ];
    const figures: string[] = [`csv-parse alone: CPU ${fmt(parsed.cpuSeconds, 2)} s`];
    const profiles: string[] = [];
    const pages: string[] = [
      `the synced profile's rules list (25 a page) and error report, through their repositories (p99 < ${GOAL_READ_MS} ms):`,
    ];
    for (const engine of engines) {
      for (const format of FORMATS) {
        const file = format === 'csv' ? csv : xlsx;
        const result = await withThrowawayDb(engine, async (bench) => {
          if (format === 'csv') console.log((await describeSetup(bench)).join('\n'));
          return inChild<SyncResult>(
            { kind: 'sync', database: bench.config.database, file, width: FEED.width },
            track,
          );
        });
        const ratio = rate(result.first) / rate(parsed);
        const split = (run: SyncResult['first']) =>
          `   reading the rows ${fmt(run.readSeconds, 1)} s, then the last writes, swap and commit ${fmt(run.seconds - run.readSeconds, 1)} s;` +
          ` CPU ${fmt(run.cpuSeconds, 2)} s in Node`;
        const name = `${engine} ${format.toUpperCase()}`;
        rows.push(
          line(
            `${name} sync`,
            result.first,
            format !== 'csv'
              ? ''
              : GOAL.ofCsvParse === undefined
                ? `   ${fmt(ratio, 2)} of csv-parse`
                : `   ${fmt(ratio, 2)} of csv-parse (≥ ${GOAL.ofCsvParse}) ${mark(ratio >= GOAL.ofCsvParse)}`,
          ),
          line(`${name} re-sync`, result.again),
        );
        if (!result.first.refused)
          figures.push(
            `${name} sync:    ${result.first.figures};${split(result.first)}`,
            `${name} re-sync: ${result.again.figures};${split(result.again)}`,
          );
        for (const read of result.reads)
          pages.push(
            `${head(`${name} ${read.label}`).padEnd(45)}first ${fmt(read.first, 1).padStart(7)} ms` +
              `${read.keptAfter >= 1 ? ` (kept ${fmt(read.keptAfter / 1000, 1)} s later)` : ''.padEnd(19)}, p50 ${fmt(read.p50, 1).padStart(6)} ms, ` +
              `p99 ${fmt(read.p99, 1).padStart(6)} ms ${mark(read.p99 < GOAL_READ_MS).padEnd(6)} ${fmt(read.rows)} rows`,
          );
        for (const [label, run] of [
          ['sync', result.first],
          ['re-sync', result.again],
        ] as const) {
          if (run.top) profiles.push(`\n${name} ${label}: heaviest functions by self time`, ...run.top);
        }
      }
    }
    rows.push(
      '(peak RSS is the whole measuring process with tsx loaded, 35–50 MB more than `node dist/server.js`;',
      ' "from" is its RSS just before the run; the re-sync runs in the process of the first sync)',
    );
    console.log(
      `\n${rows.join('\n')}\n\n${figures.join('\n')}\n\n${pages.join('\n')}` +
        `${profiles.length ? `\n${profiles.join('\n')}` : ''}`,
    );
  });
}

/**
 * The feed as CSV and XLSX, written into the throwaway folder, or with BENCH_FEED_FILES into that
 * folder, where a later run of the same size finds them (the 700k feed takes minutes to write).
 */
async function feedFiles(dir: string) {
  const kept = process.env.BENCH_FEED_FILES;
  const name = kept ? `feed-${FEED_NAME}-${ROWS}` : 'feed';
  const [csv, xlsx] = ['csv', 'xlsx'].map((ext) =>
    path.join(kept ? path.resolve(kept) : dir, `${name}.${ext}`),
  );
  if (kept && fs.existsSync(csv!) && fs.existsSync(xlsx!))
    return { csv: csv!, xlsx: xlsx!, written: `kept in ${kept}` };
  const made = performance.now();
  // Written aside and then moved, so an interrupted run leaves no half file to be found again.
  await writeFeedCsv(path.join(dir, 'feed.csv'), ROWS, FEED.width);
  writeFeedXlsx(path.join(dir, 'feed.xlsx'), ROWS, FEED.width);
  if (kept) {
    fs.mkdirSync(path.dirname(csv!), { recursive: true });
    for (const [from, to] of [
      ['feed.csv', csv!],
      ['feed.xlsx', xlsx!],
    ] as const) {
      fs.copyFileSync(path.join(dir, from), to);
      fs.rmSync(path.join(dir, from));
    }
  }
  return { csv: csv!, xlsx: xlsx!, written: `written in ${fmt((performance.now() - made) / 1000, 1)} s` };
}

/** The XLSX and the CSV read back through readFeedFile agree, cell by cell, on their first rows. */
async function sanityCheck(csv: string, xlsx: string): Promise<string> {
  const firstRows = async (file: string, kind: Format) => {
    const table = await readFeedFile(file, { kind, maxBytes: maxBytesFor(file) });
    const rows: string[][] = [];
    for await (const row of table.rows) {
      rows.push(row.cells.map((cell) => cellText(cell) ?? ''));
      if (rows.length === 200) break;
    }
    return { columns: table.columns, rows };
  };
  const [a, b] = [await firstRows(csv, 'csv'), await firstRows(xlsx, 'xlsx')];
  const differing = b.rows.filter((row, i) => row.join('\u0001') !== a.rows[i]?.join('\u0001')).length;
  const sample = b.rows[0]!;
  const at = (name: string) => sample[b.columns.indexOf(name)];
  return (
    `sanity: XLSX ${b.columns.length} columns, ${differing === 0 ? 'same as the CSV' : `${differing} rows differ from the CSV`} ` +
    `on the first ${b.rows.length} rows; row 2: ${at('Unique_ID')} | ${at('Product_Name')} | Price ${at('Price')} | ` +
    `Is_Default ${at('Is_Default')} | Start_Date ${at('Start_Date')} | End_Date ${at('End_Date')}`
  );
}

/**
 * The size limit a file over Studio's 100 MB (the 700k feed) is read with: what an operator's
 * FEED_MAX_MB sets in the product (docs/decisions/0146); the bench says so beside the figures.
 */
const maxBytesFor = (file: string) => Math.max(FEED_LIMITS.bytes, fs.statSync(file).size);

if (process.argv[2] === 'child') await child(JSON.parse(process.argv[3]!) as Job);
else await main();
