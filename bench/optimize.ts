/**
 * Rotation and holdout (issue 46), proved through a real server's serve and click paths: a feed of
 * five rules that each match every viewer, with known click-through rates (0.5 %, 0.875 %, 1.25 %,
 * 1.625 %, 2 %), and a default rule at 1 % as the static control. The benchmark plays the viewers:
 * it asks `GET /serve/{token}` as a browser, reads the rule played (`X-Rule-Id`) and, when a seeded
 * draw falls under that rule's rate, follows the document's click tracker (counted, 302). Prints,
 * beside the goals, and asserts nothing:
 * 1. `optimized` (Thompson sampling on the stats each instance reads every 10 s): its clicks
 *    against an oracle's that always serves the 2 % rule (goal ≥ 0.90), each rule's share per fifth
 *    of the run, and the views a second;
 * 2. `even` on a creative without figures: its clicks against the oracle's, about the rules'
 *    average (1.25 / 2 = 0.625);
 * 3. the holdout's interval: a creative rotating `even` with 50 % holdout and 40 ad tags, one run
 *    of views per tag; how many of the report's 95 % intervals of dynamic − control CTR per tag
 *    hold the true lift of +0.25 points (goal ≥ 36 of 40).
 * One server process (lib/load-servers.ts) on a throwaway SQLite database; the campaign, creatives,
 * feed and approved packages with the server's row helpers, the ad tags through the API.
 *
 *   npm run bench -- optimize
 *   OPTIMIZE_VIEWS=200000         views of the optimized run
 *   OPTIMIZE_EVEN_VIEWS=50000     views of the even run
 *   OPTIMIZE_HOLDOUT_VIEWS=5000   views of each of the 40 holdout runs
 *   OPTIMIZE_CONCURRENCY=16       views in flight
 *   OPTIMIZE_RATE=2000            views a second of the optimized run (0: as fast as the server answers).
 *                                 It learns once per figures refresh (10 s), not per view: unpaced on a
 *                                 quiet 2-core machine 200,000 views take ~13 s, barely one refresh
 *   OPTIMIZE_SEED=46              the first seed of the click draws (each run its own from it)
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { CampaignReport } from '@adstudio/contract';
import { loadConfig } from '@adstudio/server/src/config';
import { createDb, type Db } from '@adstudio/server/src/db/database';
import { seededRandom } from '@adstudio/server/src/lib/random';
import { insertCampaign, insertCreative, insertProfile, insertRules } from '../apps/server/test/rows';
import { ADMIN, type ServerProcess, startServer } from './lib/load-servers';
import { openSession, type Session } from './lib/load-setup';
import { describeSetup } from './lib/machine';
import { api, insertServedPackage } from './lib/served-creative';
import { seconds } from './lib/stats';
import { withThrowawayDir } from './lib/throwaway-db';

function whole(name: string, fallback: number, min: number, max: number) {
  const value = Number(process.env[name] ?? fallback);
  if (!(Number.isInteger(value) && value >= min && value <= max))
    throw new Error(`${name} must be a whole number ${min}–${max}, not ${process.env[name]}`);
  return value;
}
const VIEWS = whole('OPTIMIZE_VIEWS', 200_000, 1000, 10_000_000);
const EVEN_VIEWS = whole('OPTIMIZE_EVEN_VIEWS', 50_000, 1000, 10_000_000);
const HOLDOUT_VIEWS = whole('OPTIMIZE_HOLDOUT_VIEWS', 5000, 100, 1_000_000);
const CONCURRENCY = whole('OPTIMIZE_CONCURRENCY', 16, 1, 256);
const RATE = whole('OPTIMIZE_RATE', 2000, 0, 1_000_000);
const SEED = whole('OPTIMIZE_SEED', 46, 0, 2 ** 31);

/** The variants' click-through rates, in feed order; the best is the oracle's. */
const VARIANT_CTRS = [0.005, 0.00875, 0.0125, 0.01625, 0.02] as const;
/** The default rule's: what the holdout serves. */
const CONTROL_CTR = 0.01;
const BEST_CTR = Math.max(...VARIANT_CTRS);
const AVERAGE_CTR = VARIANT_CTRS.reduce((sum, ctr) => sum + ctr, 0) / VARIANT_CTRS.length;
/** Dynamic (even among the variants) less control: +0.25 points. */
const TRUE_LIFT = AVERAGE_CTR - CONTROL_CTR;
const HOLDOUT_PERCENT = 50;
const HOLDOUT_RUNS = 40;
const GOAL = { ofOracle: 0.9, covered: 36 };
const FIFTHS = 5;
/** The stats buffer flushes every 2 s: this is far beyond a late flush. */
const REPORT_WITHIN_MS = 30_000;
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
/** The click tracker in a served document (the variant's clickTag, as rotation.test.ts reads it). */
const TRACKER = /, "(https?:\/\/[^"]+)"\);<\/script>/;

/** Keep-alive connections, one per view in flight; no Accept-Encoding, so documents come plain. */
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { 'user-agent': BROWSER } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}

interface Feed {
  profileId: number;
  /** The variants' rule ids, in feed order (VARIANT_CTRS's). */
  variants: number[];
  controlId: number;
  ctrOf: Map<number, number>;
}

/** The profile: five variants without conditions, then the default rule (the static control). */
async function insertFeed(db: Db, companyId: number): Promise<Feed> {
  const profileId = await insertProfile(db, { companyId, name: 'Bench rotation variants' });
  const ids = await insertRules(db, {
    companyId,
    profileId,
    rows: [
      ...VARIANT_CTRS.map((_, i) => ({
        Headline: `V${i + 1}`,
        Reporting_Label: `V${i + 1}`,
        Exit_URL: `https://shop.example/v${i + 1}`,
      })),
      { Headline: 'Control', Reporting_Label: 'Control', Exit_URL: 'https://shop.example/control' },
    ],
  });
  const controlId = ids.at(-1)!;
  await db.updateTable('profile_rules').set({ is_default: 1 }).where('id', '=', controlId).execute();
  const variants = ids.slice(0, -1);
  const ctrOf = new Map<number, number>(variants.map((id, i) => [id, VARIANT_CTRS[i]!]));
  ctrOf.set(controlId, CONTROL_CTR);
  return { profileId, variants, controlId, ctrOf };
}

interface Setting {
  name: string;
  rotation: 'even' | 'optimized';
  holdoutPercent: number;
  tags: number;
}

/** A live campaign with a live creative of the feed, its approved package, and `tags` ad tags made through the API. */
async function insertServed(
  db: Db,
  dataDir: string,
  context: { base: string; session: Session; companyId: number; feed: Feed },
  setting: Setting,
) {
  const { companyId } = context;
  const campaignId = await insertCampaign(db, { companyId, name: `Bench ${setting.name}`, status: 'live' });
  const creativeId = await insertCreative(db, {
    companyId,
    campaignId,
    name: `Bench ${setting.name} MPU`,
    status: 'live',
  });
  await db
    .updateTable('creatives')
    .set({
      profile_id: context.feed.profileId,
      click_url: 'https://shop.example/',
      rotation: setting.rotation,
      rotation_goal: 'clicks',
      holdout_percent: setting.holdoutPercent,
    })
    .where('id', '=', creativeId)
    .execute();
  await insertServedPackage(db, dataDir, { companyId, creativeId, exit: 'https://shop.example/' });
  const tags: { id: number; token: string }[] = [];
  for (let i = 1; i <= setting.tags; i++) {
    const tag = await api(context.base, context.session, 'POST', `/v1/creatives/${creativeId}/tags`, {
      name: `Bench ${setting.name} placement ${i}`,
    });
    tags.push({ id: Number(tag.id), token: String(tag.token) });
  }
  return { campaignId, creativeId, tags };
}

/** What a run of views got. */
interface Run {
  views: number;
  clicks: number;
  /** The served rules' rates summed: the clicks expected of what was served, without the draws' noise. */
  expectedClicks: number;
  /** Views per rule, per fifth of the run (by view number). */
  fifths: Map<number, number>[];
  ms: number;
}

/**
 * `views` viewers of a tag, CONCURRENCY at a time: each served view draws one number from the
 * run's seeded generator (in view order, so the same view draws the same number on every run) and
 * clicks when it falls under the served rule's rate.
 */
async function simulate(
  base: string,
  token: string,
  views: number,
  seed: number,
  feed: Feed,
  rate = 0,
): Promise<Run> {
  const random = seededRandom(seed);
  const run: Run = {
    views: 0,
    clicks: 0,
    expectedClicks: 0,
    fifths: Array.from({ length: FIFTHS }, () => new Map()),
    ms: 0,
  };
  const started = performance.now();
  let next = 0;
  const viewer = async () => {
    while (next < views) {
      const n = next++;
      const draw = random();
      // Paced: view n is asked no sooner than n / rate seconds after the start.
      const due = rate > 0 ? started + (n * 1000) / rate - performance.now() : 0;
      if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
      const served = await get(`${base}/serve/${token}`);
      const ruleId = Number(served.headers['x-rule-id']);
      const ctr = feed.ctrOf.get(ruleId);
      if (served.status !== 200 || ctr === undefined)
        throw new Error(
          `GET /serve/${token} answered ${served.status}, rule ${served.headers['x-rule-id']}: ${served.body.toString('utf8', 0, 300)}`,
        );
      run.views++;
      run.expectedClicks += ctr;
      const fifth = run.fifths[Math.floor((n * FIFTHS) / views)]!;
      fifth.set(ruleId, (fifth.get(ruleId) ?? 0) + 1);
      if (draw >= ctr) continue;
      const tracker = TRACKER.exec(served.body.toString('utf8'))?.[1];
      if (!tracker) throw new Error(`rule ${ruleId}'s document holds no click tracker`);
      const click = await get(`${base}${tracker.slice(tracker.indexOf('/t/c'))}`);
      if (click.status !== 302) throw new Error(`the click tracker answered ${click.status}, not 302`);
      run.clicks++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, viewer));
  run.ms = performance.now() - started;
  return run;
}

const pct = (share: number, digits = 1) => `${(share * 100).toFixed(digits)} %`;
const count = (n: number) => n.toLocaleString('en');
const rate = (run: Run) => `${count(Math.round(run.views / (run.ms / 1000)))} views/s`;

function alive(server: ServerProcess) {
  if (server.child.exitCode !== null || server.child.signalCode !== null)
    throw new Error(`the server exited:\n${server.output()}`);
}

async function optimizedRun(base: string, feed: Feed, tag: { token: string }) {
  const pace = RATE > 0 ? `paced at ${count(RATE)} views/s` : 'unpaced';
  console.log(`\n== optimized: ${count(VIEWS)} views, ${CONCURRENCY} in flight, ${pace} ==`);
  const run = await simulate(base, tag.token, VIEWS, SEED, feed, RATE);
  const oracle = run.views * BEST_CTR;
  const ratio = run.clicks / oracle;
  console.log(
    `  clicks ${count(run.clicks)}; oracle (always V5 at ${pct(BEST_CTR, 2)}) ${count(Math.round(oracle))} expected; ratio ${ratio.toFixed(3)}   goal ≥ ${GOAL.ofOracle.toFixed(2)} — ${ratio >= GOAL.ofOracle ? 'held' : 'missed'}`,
  );
  console.log(
    `  clicks expected of the rules served (no draw noise) ${count(Math.round(run.expectedClicks))}: ratio ${(run.expectedClicks / oracle).toFixed(3)}; ${rate(run)} over ${(run.ms / 1000).toFixed(1)} s`,
  );
  const labels = feed.variants.map((_, i) => `V${i + 1} ${pct(VARIANT_CTRS[i]!, 3)}`.padStart(13));
  console.log(
    `  share of the views per fifth of the run:\n    ${'fifth'.padEnd(14)}${labels.join('')}  served CTR / 2 %`,
  );
  run.fifths.forEach((fifth, i) => {
    const views = [...fifth.values()].reduce((sum, n) => sum + n, 0);
    const served = [...fifth].reduce((sum, [id, n]) => sum + n * feed.ctrOf.get(id)!, 0) / views;
    const from = Math.round((i * VIEWS) / FIFTHS);
    const to = Math.round(((i + 1) * VIEWS) / FIFTHS);
    console.log(
      `    ${`${count(from + 1)}–${count(to)}`.padEnd(14)}${feed.variants.map((id) => pct((fifth.get(id) ?? 0) / views).padStart(13)).join('')}  ${(served / BEST_CTR).toFixed(3).padStart(16)}`,
    );
  });
}

async function evenRun(base: string, feed: Feed, tag: { token: string }) {
  console.log(`\n== even: ${count(EVEN_VIEWS)} views on a creative without figures ==`);
  const run = await simulate(base, tag.token, EVEN_VIEWS, SEED + 1, feed);
  const oracle = run.views * BEST_CTR;
  const ratio = run.clicks / oracle;
  const expected = AVERAGE_CTR / BEST_CTR;
  // Each view clicks with the average rate (its rule a uniform draw): the clicks are binomial.
  const band = (3 * Math.sqrt(run.views * AVERAGE_CTR * (1 - AVERAGE_CTR))) / oracle;
  const shares = feed.variants.map((id) => {
    const views = run.fifths.reduce((sum, fifth) => sum + (fifth.get(id) ?? 0), 0);
    return pct(views / run.views);
  });
  console.log(
    `  clicks ${count(run.clicks)}; oracle ${count(Math.round(oracle))} expected; ratio ${ratio.toFixed(3)} beside the average's ${expected.toFixed(3)} (${pct(AVERAGE_CTR, 2)} / ${pct(BEST_CTR, 2)}) ± ${band.toFixed(3)} (3 standard deviations of the draws) — ${Math.abs(ratio - expected) <= band ? 'about the average' : 'off the average'}`,
  );
  console.log(
    `  clicks expected of the rules served ${(run.expectedClicks / oracle).toFixed(3)} of the oracle's; shares V1–V5 ${shares.join(', ')}; ${rate(run)} over ${(run.ms / 1000).toFixed(1)} s`,
  );
}

async function holdoutRuns(
  base: string,
  session: Session,
  feed: Feed,
  served: { campaignId: number; tags: { id: number; token: string }[] },
) {
  console.log(
    `\n== holdout: even with ${HOLDOUT_PERCENT} % holdout, ${HOLDOUT_RUNS} runs of ${count(HOLDOUT_VIEWS)} views, one ad tag each ==`,
  );
  const runs = new Map<number, Run>();
  const started = performance.now();
  for (const [i, tag] of served.tags.entries())
    runs.set(tag.id, await simulate(base, tag.token, HOLDOUT_VIEWS, SEED + 100 + i, feed));
  const views = [...runs.values()].reduce((sum, run) => sum + run.views, 0);
  const ms = performance.now() - started;
  console.log(
    `  ${count(views)} views in ${seconds(started)} (${count(Math.round(views / (ms / 1000)))} views/s)`,
  );

  // Until every tag's views and clicks are in the stats (the buffer flushes every 2 s).
  const waited = performance.now();
  let lift: CampaignReport['lift']['tags'] = [];
  for (const deadline = Date.now() + REPORT_WITHIN_MS; ; ) {
    const report = (await api(
      base,
      session,
      'GET',
      `/v1/campaigns/${served.campaignId}/report`,
    )) as unknown as CampaignReport;
    lift = report.lift.tags;
    const complete = [...runs].every(([tagId, run]) => {
      const row = lift.find((r) => r.tag_id === tagId);
      return (
        row !== undefined &&
        row.dynamic.impressions + row.control.impressions === run.views &&
        row.dynamic.clicks + row.control.clicks === run.clicks
      );
    });
    if (complete) break;
    if (Date.now() > deadline)
      throw new Error(`the report did not count every view and click within ${REPORT_WITHIN_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.log(`  the report counted every view and click ${seconds(waited)} after the last view`);

  let covered = 0;
  let widths = 0;
  let controlViews = 0;
  let differences = 0;
  const missed: string[] = [];
  for (const row of lift) {
    controlViews += row.control.impressions;
    const interval = row.ctr_lift;
    if (!interval) {
      missed.push(`tag ${row.tag_id}: no interval`);
      continue;
    }
    widths += interval.high - interval.low;
    differences += interval.difference;
    if (interval.low <= TRUE_LIFT && TRUE_LIFT <= interval.high) covered++;
    else
      missed.push(
        `${(interval.difference * 100).toFixed(2)} [${(interval.low * 100).toFixed(2)}, ${(interval.high * 100).toFixed(2)}]`,
      );
  }
  console.log(
    `  control views ${pct(controlViews / views)} of all (holdout ${HOLDOUT_PERCENT} %); mean difference ${((differences / lift.length) * 100).toFixed(3)} points (true +${(TRUE_LIFT * 100).toFixed(2)})`,
  );
  console.log(
    `  ${covered} of ${lift.length} intervals contain the true lift of +${(TRUE_LIFT * 100).toFixed(2)} points (goal ≥ ${GOAL.covered}, i.e. 90 %) — ${covered >= GOAL.covered && lift.length === HOLDOUT_RUNS ? 'held' : 'missed'}; mean interval width ${((widths / lift.length) * 100).toFixed(3)} points`,
  );
  if (missed.length > 0) console.log(`  outside, in points: ${missed.join('; ')}`);
}

async function main() {
  console.log(
    `optimize: five variants at ${VARIANT_CTRS.map((ctr) => pct(ctr, 3)).join(', ')} CTR and a default rule at ${pct(CONTROL_CTR, 0)}; views optimized ${count(VIEWS)} (${RATE > 0 ? `${count(RATE)}/s` : 'unpaced'}), even ${count(EVEN_VIEWS)}, holdout ${HOLDOUT_RUNS} × ${count(HOLDOUT_VIEWS)}; ${CONCURRENCY} in flight; seed ${SEED}; ${os.availableParallelism()} cores shared by the server and this process`,
  );
  await withThrowawayDir('adstudio-optimize-', async (dataDir, beforeRemoving) => {
    const file = path.join(dataDir, 'adstudio.sqlite');
    const databaseUrl = `sqlite:${file}`;
    const started = performance.now();
    const server = await startServer(0, {
      databaseUrl,
      dataDir,
      appKey: randomBytes(30).toString('base64url'),
      seed: true,
    });
    beforeRemoving(() => server.stop());
    console.log(`setup: server ready (migrated, demo seed) ${seconds(started)}`);
    const db = createDb({ kind: 'sqlite', file });
    beforeRemoving(() => db.destroy());
    beforeRemoving(() => agent.destroy());
    const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    for (const line of await describeSetup({ engine: 'sqlite', db, config, where: file })) console.log(line);

    const filled = performance.now();
    const base = server.base;
    const session = await openSession(base, ADMIN.email, ADMIN.password);
    const { company_id: companyId } = await db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const feed = await insertFeed(db, companyId);
    const context = { base, session, companyId, feed };
    const optimized = await insertServed(db, dataDir, context, {
      name: 'optimized',
      rotation: 'optimized',
      holdoutPercent: 0,
      tags: 1,
    });
    const even = await insertServed(db, dataDir, context, {
      name: 'even',
      rotation: 'even',
      holdoutPercent: 0,
      tags: 1,
    });
    const holdout = await insertServed(db, dataDir, context, {
      name: 'holdout',
      rotation: 'even',
      holdoutPercent: HOLDOUT_PERCENT,
      tags: HOLDOUT_RUNS,
    });
    console.log(
      `setup: feed of 6 rules, 3 live creatives with approved packages, ${HOLDOUT_RUNS + 2} ad tags ${seconds(filled)}`,
    );

    await optimizedRun(base, feed, optimized.tags[0]!);
    alive(server);
    await evenRun(base, feed, even.tags[0]!);
    alive(server);
    await holdoutRuns(base, session, feed, holdout);
    alive(server);
    const logs = server.logsSinceReady();
    if (logs.count > 0) {
      console.log(`\nthe server printed ${logs.count} lines; the first:`);
      for (const line of logs.first) console.log(`  ${line.slice(0, 400)}`);
    }
  });
}

await main();
