import { expect } from 'vitest';
import { writeUnpacked } from '../../src/modules/packages/packages.seed';
import { diskOf, type TestApp } from '../helper';
import { insertCampaign, insertCreative, insertPackage, insertProfile, insertRules } from '../rows';

export const INDEX = `<!doctype html><html><head><meta charset="utf-8"><title>Travel</title>
<script src="main.js"></script></head><body><img src="img/city.png"></body></html>`;

/** An approved, unpacked package of the creative, as its job would leave it. */
export async function insertApprovedPackage(t: TestApp, companyId: number, creativeId: number) {
  const id = await insertPackage(t.db, {
    companyId,
    creativeId,
    status: 'approved',
    file_count: 3,
    unpacked_size: 300,
  });
  await writeUnpacked(t.db, diskOf(t.app), id, [
    { name: 'index.html', data: INDEX },
    { name: 'main.js', data: 'var clickTag = "https://elsewhere.example/";' },
    { name: 'img/city.png', data: 'not really a png' },
  ]);
  return id;
}

/** A condition of the company (`{logic: 'all', predicates}`), answering its id. */
export async function insertConditionOf(
  t: TestApp,
  companyId: number,
  name: string,
  predicates: { field: string; operator: string; value: unknown }[],
) {
  const at = new Date().toISOString();
  const row = await t.db
    .insertInto('conditions')
    .values({
      company_id: companyId,
      name,
      data_source_id: null,
      expression: JSON.stringify({ logic: 'all', predicates }),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let seq = 0;

/**
 * A travel creative as the demo's: a live 300×250 creative of a live campaign, driven by a feed of
 * three destinations — Lisbon for Benelux visitors, Reykjavik in the morning (06:00–11:59), Kyoto
 * by default — with an approved package. Answers the ids.
 */
export async function travelCreative(t: TestApp, companyId: number) {
  const n = ++seq;
  const campaignId = await insertCampaign(t.db, { companyId, name: `Travel ${n}`, status: 'live' });
  const profileId = await insertProfile(t.db, { companyId, name: `Skyway destinations ${n}` });
  const benelux = await insertConditionOf(t, companyId, `Benelux ${n}`, [
    { field: 'country', operator: 'in', value: ['BE', 'NL', 'LU'] },
  ]);
  const mornings = await insertConditionOf(t, companyId, `Mornings ${n}`, [
    { field: 'time', operator: 'between', value: ['06:00', '11:59'] },
  ]);
  const [lisbon, reykjavik, kyoto] = await insertRules(t.db, {
    companyId,
    profileId,
    rows: [
      { City: 'Lisbon', Exit_URL: 'https://travel.example/lisbon' },
      { City: 'Reykjavik', Exit_URL: 'https://travel.example/reykjavik' },
      { City: 'Kyoto', Exit_URL: 'https://travel.example/kyoto' },
    ],
  });
  const set = (id: number, columns: { condition_ids?: string; is_default?: number }) =>
    t.db.updateTable('profile_rules').set(columns).where('id', '=', id).execute();
  await set(lisbon!, { condition_ids: JSON.stringify([benelux]) });
  await set(reykjavik!, { condition_ids: JSON.stringify([mornings]) });
  await set(kyoto!, { is_default: 1 });
  const creativeId = await insertCreative(t.db, {
    companyId,
    campaignId,
    name: `Skyway MPU ${n}`,
    status: 'live',
  });
  await t.db
    .updateTable('creatives')
    .set({ profile_id: profileId, click_url: 'https://travel.example/' })
    .where('id', '=', creativeId)
    .execute();
  const packageId = await insertApprovedPackage(t, companyId, creativeId);
  return {
    campaignId,
    profileId,
    creativeId,
    packageId,
    rules: { lisbon, reykjavik, kyoto } as Record<string, number>,
  };
}

/** The view a click tracker's signed URL names: the travel creative's Lisbon rule, served by `tagId`. */
export function expectLisbonView(
  t: TestApp,
  travel: Awaited<ReturnType<typeof travelCreative>>,
  tracker: URL,
  tagId: number,
) {
  expect(tracker.pathname).toBe('/t/c');
  expect(
    t.app.services.trackingLinks.verify(tracker.searchParams.get('v'), tracker.searchParams.get('s')),
  ).toEqual({
    campaignId: travel.campaignId,
    creativeId: travel.creativeId,
    ruleId: travel.rules.lisbon,
    preview: false,
    tagId,
  });
}

/** A fixed-offset IANA zone (`Etc/GMT±N`) where the local hour is now `hour`. */
export function zoneAtHour(hour: number, now = new Date()): string {
  // Etc/GMT-N is N hours ahead of UTC (the sign is POSIX's, inverted).
  let offset = (hour - now.getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** A desktop browser's user agent: served views it asks for are counted (a bot's are not). */
export const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A browser's `GET /serve/{token}` from `country`, at 20:00 in its time zone (the travel feed's evening). */
export const serveIn = (app: TestApp['app'], token: string, country = 'BE') =>
  app.inject({
    method: 'GET',
    url: `/serve/${token}`,
    query: { tz: zoneAtHour(20) },
    headers: { 'user-agent': BROWSER, 'cf-ipcountry': country },
  });
