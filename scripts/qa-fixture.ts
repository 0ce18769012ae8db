/**
 * The QA fixture (issue 45, docs/decisions/0132): a 300×250 HTML5 banner that reads its feed row
 * through the Enabler the render injects, and a feed for it in which known rows carry one known
 * defect each — overflowing headlines, images answering 404, empty required fields, a value longer
 * than the template allows, one heavy variant, one script error, one variant without a
 * click-through — and every other row is clean. A QA run over it must find exactly the planted
 * defects: recall and precision are counted against `planted` and `clean`.
 *
 * Deterministic from `seed`; `rows` scales the clean part (the planted set is fixed). Media URLs
 * point at `mediaBase`, which apps/server/test/support/qa-media-server.ts serves (its paths:
 * QA_MEDIA_PATHS).
 *
 *   npx tsx scripts/qa-fixture.ts [--rows 40] [--seed 1] [--media-base http://127.0.0.1:8089] [--out dir]
 *
 * writes banner.zip, feed.csv, template.json and planted.json into `--out` (default: print a summary).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { QaFindingKind, TemplateColumn } from '@adstudio/contract';
import { buildZip } from '../apps/server/src/storage/zip-writer';
import { QA_MEDIA_PATHS } from '../apps/server/test/support/qa-media-server';

/** The feed's columns, in the sheet's order. */
export const QA_FEED_COLUMNS = [
  'Unique_ID',
  'Reporting_Label',
  'Is_Default',
  'Active',
  'Headline',
  'Image',
  'Price',
  'Badge',
  'Layout',
  'Exit_URL',
] as const;
export type QaFeedColumn = (typeof QA_FEED_COLUMNS)[number];
export type QaFeedRow = Record<QaFeedColumn, string>;

/** The longest badge the banner's corner holds: the template says so (a feed gap beyond it). */
export const BADGE_MAX_LENGTH = 6;

/**
 * The profile's template. Headline, Image and Price are required; Exit_URL is not (a row may go
 * to the creative's click URL instead); Badge is short. Attached after the sync (see
 * `makeQaFixture`), so that rows it would refuse are in the feed's rules.
 */
export const QA_TEMPLATE: TemplateColumn[] = [
  { name: 'Headline', type: 'text', required: true, max_length: null },
  { name: 'Image', type: 'image_url', required: true, max_length: null },
  { name: 'Price', type: 'text', required: true, max_length: null },
  { name: 'Badge', type: 'text', required: false, max_length: BADGE_MAX_LENGTH },
  { name: 'Layout', type: 'text', required: false, max_length: null },
  { name: 'Exit_URL', type: 'url', required: false, max_length: null },
];

/** The defects planted, each in rows of its own; `kinds` are the finding kinds a run must give there. */
export const QA_DEFECTS = {
  overflow: { rows: 4, kinds: ['text_overflow'] },
  broken_image: { rows: 3, kinds: ['broken_media'] },
  empty_headline: { rows: 2, kinds: ['feed_gap'] },
  empty_price: { rows: 1, kinds: ['feed_gap'] },
  long_badge: { rows: 1, kinds: ['feed_gap'] },
  // Over 150 KB on the initial load and over Chrome's 4 MB: one kind, maybe two findings.
  heavy: { rows: 1, kinds: ['weight'] },
  script_error: { rows: 1, kinds: ['script_error'] },
  no_click_through: { rows: 1, kinds: ['no_click_through'] },
} as const satisfies Record<string, { rows: number; kinds: readonly QaFindingKind[] }>;
export type QaDefect = keyof typeof QA_DEFECTS;

export const PLANTED_ROWS = Object.values(QA_DEFECTS).reduce((sum, d) => sum + d.rows, 0);

export interface PlantedRow {
  unique_id: string;
  defect: QaDefect;
  kinds: QaFindingKind[];
}

export interface QaFixtureOptions {
  /** Rows in all, planted ones included (at least PLANTED_ROWS + 1: the default row is clean). */
  rows: number;
  /** Where the media server answers, e.g. `http://127.0.0.1:8089` (no trailing slash needed). */
  mediaBase: string;
  seed?: number;
}

export interface QaFixture {
  /** The banner as a producer uploads it: one `index.html`, CSS and script inline. */
  packageZip: Buffer;
  /** The feed, a header and one line per row. */
  csv: string;
  template: TemplateColumn[];
  planted: PlantedRow[];
  /** Unique_IDs of the rows with no defect (the default row among them). */
  clean: string[];
  /** The rows as written to `csv`. */
  rows: QaFeedRow[];
}

// --- the banner -----------------------------------------------------------------------------------

/**
 * The banner's page. Its script reads the first row of whichever feed `dynamicContent` holds
 * (Studio's generated code names it after the profile), binds the exit first, fills the
 * headline, image, price and badge, and applies the layout last: an unknown Layout throws, the
 * planted script error, after everything else is in place.
 */
export const BANNER_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="ad.size" content="width=300,height=250">
<title>Northwind Outdoor – dynamic MPU</title>
<style>
  html, body { margin: 0; padding: 0; width: 300px; height: 250px; overflow: hidden; }
  #ad { position: relative; box-sizing: border-box; width: 300px; height: 250px; overflow: hidden;
    cursor: pointer; color: #0f172a; background: linear-gradient(160deg, #ecfeff 0%, #bae6fd 100%);
    font-family: Arial, 'Liberation Sans', Helvetica, sans-serif; }
  .brand { position: absolute; left: 12px; top: 9px; font-size: 12px; font-weight: 700;
    letter-spacing: 0.04em; color: #0369a1; white-space: nowrap; }
  .badge { position: absolute; right: 10px; top: 7px; padding: 2px 6px; border-radius: 3px;
    font-size: 11px; line-height: 14px; font-weight: 700; color: #fff; background: #dc2626;
    white-space: nowrap; }
  .badge:empty { display: none; }
  .headline { position: absolute; left: 12px; top: 32px; width: 276px; height: 52px; margin: 0;
    overflow: hidden; font-size: 20px; line-height: 24px; font-weight: 700; }
  .media { position: absolute; top: 96px; width: 132px; height: 132px; overflow: hidden;
    border-radius: 6px; background: #e2e8f0; }
  .media img { display: block; width: 132px; height: 132px; object-fit: cover; }
  .offer { position: absolute; top: 112px; width: 132px; text-align: center; }
  .price { font-size: 24px; line-height: 30px; font-weight: 700; white-space: nowrap; }
  .cta { display: inline-block; margin-top: 14px; padding: 8px 14px; border-radius: 4px; font-size: 14px;
    line-height: 18px; font-weight: 700; color: #fff; background: #0369a1; white-space: nowrap;
    animation: fade 0.4s ease-out both; }
  .layout-left .media { left: 12px; } .layout-left .offer { left: 156px; }
  .layout-right .media { left: 156px; } .layout-right .offer { left: 12px; }
  @keyframes fade { from { opacity: 0; } to { opacity: 1; } }
</style>
</head>
<body>
<div id="ad" class="layout-left" role="link" aria-label="Northwind Outdoor">
  <div class="brand">NORTHWIND OUTDOOR</div>
  <div class="badge" id="badge"></div>
  <h1 class="headline" id="headline">Gear for every trail</h1>
  <div class="media"><img id="image" alt="" src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="></div>
  <div class="offer"><div class="price" id="price"></div><div class="cta">Shop now</div></div>
</div>
<script>
  // Studio's generated dynamic code: sample values, replaced by the served row.
  var devDynamicContent = {};
  devDynamicContent.Northwind_feed = [{}];
  devDynamicContent.Northwind_feed[0]._id = 0;
  devDynamicContent.Northwind_feed[0].Headline = 'Gear for every trail';
  devDynamicContent.Northwind_feed[0].Image = '';
  devDynamicContent.Northwind_feed[0].Price = '€49.99';
  devDynamicContent.Northwind_feed[0].Badge = '';
  devDynamicContent.Northwind_feed[0].Layout = 'left';
  devDynamicContent.Northwind_feed[0].Exit_URL = '';
  Enabler.setDevDynamicContent(devDynamicContent);
</script>
<script>
  var clickTag = 'https://www.example.com/';
  (function () {
    var LAYOUTS = { left: 'layout-left', right: 'layout-right' };
    var content = window.dynamicContent || {};
    var row = {};
    for (var feed in content) {
      if (Object.prototype.toString.call(content[feed]) === '[object Array]' && content[feed][0]) {
        row = content[feed][0];
        break;
      }
    }
    var text = function (value) { return value === null || value === undefined ? '' : String(value); };
    var ad = document.getElementById('ad');
    ad.addEventListener('click', function () { Enabler.exit('Background exit'); });
    document.getElementById('headline').textContent = text(row.Headline);
    document.getElementById('price').textContent = text(row.Price);
    document.getElementById('badge').textContent = text(row.Badge);
    if (text(row.Image)) document.getElementById('image').src = text(row.Image);
    var layout = text(row.Layout) || 'left';
    if (!LAYOUTS.hasOwnProperty(layout)) throw new Error('Unknown layout "' + layout + '"');
    ad.className = LAYOUTS[layout];
  })();
</script>
</body>
</html>
`;

// --- the feed -------------------------------------------------------------------------------------

/** mulberry32: a small seeded generator, so the same seed gives the same feed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
  };
}
type Random = ReturnType<typeof generator>;

// Short enough for the headline's two lines (276 px at 20 px bold) in any sans-serif font.
const OPENERS = ['New', 'Save on', 'Ready for', 'Meet the', 'Try the', 'Hello', 'Shop the'] as const;
const PRODUCTS = [
  'trail jacket',
  'rain boots',
  'city bike',
  'day pack',
  'down vest',
  'camp stove',
  'fleece',
  'hiking poles',
  'sun hat',
  'tent',
  'sleeping bag',
  'headlamp',
] as const;
const CITIES = ['Oslo', 'Bergen', 'Lyon', 'Porto', 'Leeds', 'Graz', 'Turku', 'Gent', 'Cork', 'Brno'] as const;
const CLEAN_BADGES = ['', '', 'NEW', 'SALE', '-20%', 'HOT'] as const;

/** Headlines a 276 × 52 px box cannot hold: four lines and more, clipped by the box. */
const OVERFLOWING = [
  'Our biggest end-of-season clearance ever: every trail jacket, rain boot and day pack at half price until Sunday night',
  'Free delivery, free returns and a lifetime repair promise on every tent, sleeping bag and camp stove we sell this spring',
  'Everything you need for a long weekend in the mountains, from waterproof boots to the warmest down vest, in one place',
  'Members save an extra fifteen percent on hiking poles, headlamps and sun hats when they order before the end of the month',
] as const;
const LONG_BADGE = 'LIMITED OFFER';
const BAD_LAYOUT = 'diagonal';

const money = (random: Random) => `€${random.int(9, 189)}.${random.pick(['00', '49', '95', '99'])}`;

const media = (base: string, kind: keyof typeof QA_MEDIA_PATHS, id: string) =>
  `${base.replace(/\/+$/, '')}${QA_MEDIA_PATHS[kind]}${id}.png`;

/** A clean row: everything set, everything fits. `n` makes its content its own. */
function cleanRow(random: Random, mediaBase: string, uniqueId: string, n: number): QaFeedRow {
  const product = random.pick(PRODUCTS);
  const city = CITIES[n % CITIES.length]!;
  return {
    Unique_ID: uniqueId,
    Reporting_Label: `${city} – ${product}`,
    Is_Default: 'FALSE',
    Active: 'TRUE',
    Headline: `${random.pick(OPENERS)} ${product}`,
    Image: media(mediaBase, 'image', uniqueId),
    Price: money(random),
    Badge: random.pick(CLEAN_BADGES),
    Layout: random.next() < 0.5 ? 'left' : 'right',
    Exit_URL: `${mediaBase.replace(/\/+$/, '')}${QA_MEDIA_PATHS.landing}${uniqueId}?city=${city.toLowerCase()}`,
  };
}

/** A clean row turned into a row with exactly the planted defect. */
function plant(row: QaFeedRow, defect: QaDefect, nth: number, mediaBase: string): QaFeedRow {
  switch (defect) {
    case 'overflow':
      return { ...row, Headline: OVERFLOWING[nth % OVERFLOWING.length]! };
    case 'broken_image':
      return { ...row, Image: media(mediaBase, 'missing', row.Unique_ID) };
    case 'empty_headline':
      return { ...row, Headline: '' };
    case 'empty_price':
      return { ...row, Price: '' };
    case 'long_badge':
      return { ...row, Badge: LONG_BADGE };
    case 'heavy':
      return { ...row, Image: media(mediaBase, 'heavy', row.Unique_ID) };
    case 'script_error':
      return { ...row, Layout: BAD_LAYOUT };
    case 'no_click_through':
      return { ...row, Exit_URL: '' };
  }
}

const uniqueIdOf = (i: number, rows: number) => `NW-${String(i + 1).padStart(String(rows).length, '0')}`;

/**
 * The banner, the feed and what was planted where. Row 1 is the default and clean; the planted
 * rows sit at seeded places among the rest.
 */
export function makeQaFixture({ rows, mediaBase, seed = 1 }: QaFixtureOptions): QaFixture {
  if (!Number.isInteger(rows) || rows <= PLANTED_ROWS)
    throw new Error(`The QA fixture needs more than ${PLANTED_ROWS} rows (one clean default), not ${rows}.`);
  const random = generator(seed);
  // Seeded places for the planted rows: a shuffle of rows 2…n, the first PLANTED_ROWS of it.
  const places = Array.from({ length: rows - 1 }, (_, i) => i + 1);
  for (let i = places.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    [places[i], places[j]] = [places[j]!, places[i]!];
  }
  const defectAt = new Map<number, { defect: QaDefect; nth: number }>();
  let next = 0;
  for (const [defect, { rows: count }] of Object.entries(QA_DEFECTS) as [QaDefect, { rows: number }][])
    for (let nth = 0; nth < count; nth++) defectAt.set(places[next++]!, { defect, nth });

  const feed: QaFeedRow[] = [];
  const planted: PlantedRow[] = [];
  const clean: string[] = [];
  for (let i = 0; i < rows; i++) {
    const uniqueId = uniqueIdOf(i, rows);
    const row = cleanRow(random, mediaBase, uniqueId, i);
    const planting = defectAt.get(i);
    if (i === 0) row.Is_Default = 'TRUE';
    if (planting) {
      feed.push(plant(row, planting.defect, planting.nth, mediaBase));
      planted.push({
        unique_id: uniqueId,
        defect: planting.defect,
        kinds: [...QA_DEFECTS[planting.defect].kinds],
      });
    } else {
      feed.push(row);
      clean.push(uniqueId);
    }
  }
  return {
    packageZip: buildZip([{ name: 'index.html', data: BANNER_HTML }]),
    csv: toCsv(feed),
    template: QA_TEMPLATE.map((column) => ({ ...column })),
    planted,
    clean,
    rows: feed,
  };
}

/**
 * The same feed with `count` of its clean rows changed (a new headline and price, still clean and
 * still distinct): what a re-sync of an edited sheet brings. Answers the CSV and the changed rows.
 */
export function changeCleanRows(
  fixture: QaFixture,
  count: number,
  seed = 2,
): { csv: string; rows: QaFeedRow[]; changed: string[] } {
  if (count > fixture.clean.length)
    throw new Error(`Only ${fixture.clean.length} clean rows to change, not ${count}.`);
  const random = generator(seed);
  // Every (clean.length / count)-th clean row, so the changes spread over the feed.
  const step = fixture.clean.length / count;
  const changed = new Set(Array.from({ length: count }, (_, i) => fixture.clean[Math.floor(i * step)]!));
  const rows = fixture.rows.map((row) =>
    changed.has(row.Unique_ID)
      ? { ...row, Headline: `Now ${random.pick(PRODUCTS)}`, Price: money(random) }
      : row,
  );
  return { csv: toCsv(rows), rows, changed: [...changed] };
}

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export const toCsv = (rows: readonly QaFeedRow[]) =>
  `${[QA_FEED_COLUMNS.join(','), ...rows.map((row) => QA_FEED_COLUMNS.map((c) => csvCell(row[c])).join(','))].join('\n')}\n`;

// --- recall and precision -------------------------------------------------------------------------

/** What a score needs of a finding (QaFinding's fields); its message, when given, is kept for the report. */
export type ScoredFinding = { unique_id: string; kind: QaFindingKind; message?: string };

export interface QaScore {
  /** Planted (row, kind) pairs with at least one finding of that kind on that row, of all planted pairs. */
  recall: number;
  /** Findings on a planted row with a kind planted there, of all findings. */
  precision: number;
  expected: number;
  found: number;
  findings: number;
  /** Planted pairs no finding reported: `unique_id kind`. */
  missed: string[];
  /** Findings off the plan: on a clean row, or of a kind not planted on their row. */
  unexpected: ScoredFinding[];
}

/**
 * Recall and precision of a run's findings on the fixture (docs/decisions/0133). Recall counts
 * planted (row, kind) pairs, so two `weight` findings of the heavy row are one pair found;
 * precision counts findings, each either on the plan or not.
 */
export function scoreFindings(
  fixture: Pick<QaFixture, 'planted'>,
  findings: readonly ScoredFinding[],
): QaScore {
  const pair = (uniqueId: string, kind: string) => `${uniqueId} ${kind}`;
  const expected = new Set(fixture.planted.flatMap((p) => p.kinds.map((kind) => pair(p.unique_id, kind))));
  const seen = new Set(findings.map((f) => pair(f.unique_id, f.kind)));
  const missed = [...expected].filter((p) => !seen.has(p));
  const unexpected = findings.filter((f) => !expected.has(pair(f.unique_id, f.kind)));
  const found = expected.size - missed.length;
  return {
    recall: expected.size === 0 ? 1 : found / expected.size,
    precision: findings.length === 0 ? 1 : (findings.length - unexpected.length) / findings.length,
    expected: expected.size,
    found,
    findings: findings.length,
    missed,
    unexpected: unexpected.map(({ unique_id, kind, message }) => ({ unique_id, kind, message })),
  };
}

/** `recall 100.0 % (17/17), precision 100.0 % (18/18)`. */
export const describeScore = (score: QaScore) =>
  `recall ${(score.recall * 100).toFixed(1)} % (${score.found}/${score.expected}), ` +
  `precision ${(score.precision * 100).toFixed(1)} % (${score.findings - score.unexpected.length}/${score.findings})`;

// --- through the API ------------------------------------------------------------------------------

/** One JSON call as the SPA makes it (session cookie, XSRF header); the answer's status and body. */
export type QaFixtureCall = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown }>;

export interface QaFixtureApi {
  /** As a user who may do everything below (an admin: templates are admins' to make). */
  call: QaFixtureCall;
  /** Vapor's step 2: PUT `bytes` to a signed upload URL without cookies; answers the status. */
  putSigned(url: string, bytes: Buffer, contentType: string): Promise<number>;
}

export interface InstalledQaFixture {
  campaignId: number;
  creativeId: number;
  profileId: number;
  templateId: number;
  packageId: number;
}

const POLL_MS = 100;
const WAIT_MS = 120_000;

async function dataOf(call: QaFixtureCall, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
  const res = await call(method, url, body);
  if (res.status >= 300)
    throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 400)}`);
  return (res.body as { data: Record<string, unknown> }).data;
}

/** Reads `what` until `done` holds of it; throws when `failed` says why, or after WAIT_MS. */
async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (data: T) => boolean,
  failed: (data: T) => string | null,
  { timeoutMs = WAIT_MS, everyMs = POLL_MS } = {},
) {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const data = await read();
    if (done(data)) return data;
    const why = failed(data);
    if (why) throw new Error(`${what}: ${why}`);
    if (Date.now() > deadline)
      throw new Error(`${what} not done within ${timeoutMs / 1000} s: ${JSON.stringify(data)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Uploads `bytes` through the Vapor flow; answers the storage key. */
async function upload(api: QaFixtureApi, bytes: Buffer, contentType: string): Promise<string> {
  const res = await api.call('POST', '/vapor/signed-storage-url', {
    bucket: '',
    content_type: contentType,
    expires: '',
    visibility: '',
  });
  if (res.status !== 201) throw new Error(`POST /vapor/signed-storage-url answered ${res.status}`);
  const signed = res.body as { key: string; url: string; headers: Record<string, string> };
  const put = await api.putSigned(signed.url, bytes, signed.headers['Content-Type'] ?? contentType);
  if (put !== 200) throw new Error(`PUT of the upload answered ${put}`);
  return signed.key;
}

/** Uploads the feed as a new file of the profile and syncs it; answers the profile once synced. */
export async function syncFeed(api: QaFixtureApi, profileId: number, csv: string) {
  const before = await dataOf(api.call, 'GET', `/v1/profiles/${profileId}`);
  const key = await upload(api, Buffer.from(csv), 'text/csv');
  await dataOf(api.call, 'PUT', `/v1/profiles/${profileId}`, {
    key,
    file_name: 'feed.csv',
    updated_at: before.updated_at,
  });
  await dataOf(api.call, 'GET', `/v1/profiles/${profileId}/sync`);
  return waitSynced(api.call, profileId);
}

const waitSynced = (call: QaFixtureCall, profileId: number) =>
  until(
    `the sync of profile ${profileId}`,
    () => dataOf(call, 'GET', `/v1/profiles/${profileId}`),
    (p) => p.status === 'synced',
    (p) =>
      p.status === 'failed' || p.status === 'needs_confirmation' ? `${p.status}: ${p.sync_error}` : null,
  );

/**
 * Makes the fixture's creative as users would, through the API: a campaign; a profile of the
 * uploaded feed, synced WITHOUT a template (a sync refuses rows missing a required value, so the
 * empty-field rows would never become rules); a 300×250 creative on that feed with no click URL;
 * the banner uploaded as its package and approved; then the template made and attached to the
 * profile — tightened after the sync, as happens with real feeds. Attaching a template does not
 * touch the rules until the next sync.
 */
export async function installQaFixture(
  api: QaFixtureApi,
  fixture: QaFixture,
  name = 'QA fixture',
): Promise<InstalledQaFixture> {
  const { call } = api;
  const campaign = await dataOf(call, 'POST', '/v1/campaigns', { name: `${name} campaign` });
  const feedKey = await upload(api, Buffer.from(fixture.csv), 'text/csv');
  const created = await dataOf(call, 'POST', '/v1/profiles', {
    name: `${name} feed`,
    source: 'upload',
    key: feedKey,
    file_name: 'feed.csv',
  });
  const profileId = Number(created.id);
  const synced = await waitSynced(call, profileId);
  if (synced.rows_active !== fixture.rows.length)
    throw new Error(`the feed synced ${synced.rows_active} active rows of ${fixture.rows.length}`);
  const creative = await dataOf(call, 'POST', '/v1/creatives', {
    campaign_id: campaign.id,
    name: `${name} MPU`,
    width: 300,
    height: 250,
    click_url: '',
    profile_id: profileId,
  });
  const creativeId = Number(creative.id);
  const packageKey = await upload(api, fixture.packageZip, 'application/zip');
  const uploaded = await dataOf(call, 'POST', `/v1/creatives/${creativeId}/packages`, {
    key: packageKey,
    name: 'northwind-mpu.zip',
  });
  const ready = await until(
    `the unpacking of package ${uploaded.id}`,
    async () => {
      const res = await call('GET', `/v1/creatives/${creativeId}/packages`);
      const list = (res.body as { data: Record<string, unknown>[] }).data ?? [];
      return list.find((p) => p.id === uploaded.id) ?? {};
    },
    (p) => p.processing === 'ready',
    (p) => (p.processing === 'failed' ? String(p.processing_error) : null),
  );
  await dataOf(call, 'PUT', `/v1/creatives/${creativeId}/packages/${uploaded.id}`, {
    status: 'approved',
    updated_at: ready.updated_at,
  });
  const template = await dataOf(call, 'POST', '/v1/profile-templates', {
    name: `${name} template`,
    columns: fixture.template,
  });
  await dataOf(call, 'PUT', `/v1/profiles/${profileId}`, {
    template_id: template.id,
    updated_at: synced.updated_at,
  });
  return {
    campaignId: Number(campaign.id),
    creativeId,
    profileId,
    templateId: Number(template.id),
    packageId: Number(uploaded.id),
  };
}

/** A QA run as GET /v1/creatives/{id}/qa-runs/{runId} answers it (QaRun's fields this file reads). */
export interface QaRunState {
  id: number;
  status: string;
  total: number;
  checked: number;
  errors: number;
  warnings: number;
  carried_over: number;
  verdict: string | null;
  failure: string | null;
}

/** Starts a QA run of the creative; answers it as queued. */
export async function startQaRun(call: QaFixtureCall, creativeId: number): Promise<QaRunState> {
  const res = await call('POST', `/v1/creatives/${creativeId}/qa-runs`, {});
  if (res.status !== 202)
    throw new Error(
      `POST /v1/creatives/${creativeId}/qa-runs answered ${res.status}: ${JSON.stringify(res.body)}`,
    );
  return (res.body as { data: QaRunState }).data;
}

/** Polls the run until it ends (finished, failed or cancelled); `progress` sees every answer. */
export function waitForQaRun(
  call: QaFixtureCall,
  creativeId: number,
  runId: number,
  { timeoutMs = 15 * 60_000, everyMs = 250, progress = (_run: QaRunState) => {} } = {},
): Promise<QaRunState> {
  let last: QaRunState | undefined;
  return until(
    `QA run ${runId}`,
    async () => {
      const url = `/v1/creatives/${creativeId}/qa-runs/${runId}?items-per-page=1`;
      const data = (await dataOf(call, 'GET', url)) as unknown as QaRunState;
      if (!last || last.checked !== data.checked || last.status !== data.status) progress(data);
      last = data;
      return data;
    },
    (run) => run.status === 'finished' || run.status === 'failed' || run.status === 'cancelled',
    () => null,
    { timeoutMs, everyMs },
  );
}

/** Every finding of a run, page by page (500 a page, the most a list gives). */
export async function readQaFindings(call: QaFixtureCall, creativeId: number, runId: number) {
  const findings: (ScoredFinding & Record<string, unknown>)[] = [];
  for (let page = 1; ; page++) {
    const res = await call(
      'GET',
      `/v1/creatives/${creativeId}/qa-runs/${runId}?items-per-page=500&page=${page}`,
    );
    if (res.status !== 200) throw new Error(`GET run ${runId} page ${page} answered ${res.status}`);
    const body = res.body as {
      data: { findings: (ScoredFinding & Record<string, unknown>)[] };
      meta: { last_page: number };
    };
    findings.push(...body.data.findings);
    if (page >= body.meta.last_page) return findings;
  }
}

// --- as a script ----------------------------------------------------------------------------------

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '40' },
      seed: { type: 'string', default: '1' },
      'media-base': { type: 'string', default: 'http://127.0.0.1:8089' },
      out: { type: 'string' },
    },
  });
  const fixture = makeQaFixture({
    rows: Number(values.rows),
    seed: Number(values.seed),
    mediaBase: values['media-base'],
  });
  if (values.out) {
    fs.mkdirSync(values.out, { recursive: true });
    fs.writeFileSync(path.join(values.out, 'banner.zip'), fixture.packageZip);
    fs.writeFileSync(path.join(values.out, 'feed.csv'), fixture.csv);
    fs.writeFileSync(
      path.join(values.out, 'template.json'),
      `${JSON.stringify(fixture.template, null, 2)}\n`,
    );
    fs.writeFileSync(
      path.join(values.out, 'planted.json'),
      `${JSON.stringify({ planted: fixture.planted, clean: fixture.clean }, null, 2)}\n`,
    );
    console.log(`wrote banner.zip, feed.csv, template.json and planted.json to ${values.out}`);
  }
  console.log(
    `${fixture.rows.length} rows: ${fixture.planted.length} planted, ${fixture.clean.length} clean; ` +
      `banner ${fixture.packageZip.length} bytes`,
  );
  for (const p of fixture.planted) console.log(`  ${p.unique_id}  ${p.defect} → ${p.kinds.join(', ')}`);
}
