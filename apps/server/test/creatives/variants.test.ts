import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VARIANT_FIELD_REQUIRED, VARIANT_VALUE_REQUIRED } from '../../src/modules/profiles/creative-variants';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';
import {
  insertCampaign,
  insertCondition,
  insertCreative,
  insertPackage,
  insertProfile,
  insertRules,
  stamp,
} from '../rows';

let t: TestApp;
let qa: Client;
let campaignId: number;
let profileId: number;
let creativeId: number;
let ruleIds: number[];
let weekend: number;
let rain: number;

/** 50 rules: every third on the Weekend condition, every fifth on Rain; Region North or South; rule 2 inactive, rule 4 the default. */
beforeAll(async () => {
  t = await buildTestApp();
  qa = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
  campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Variants' });
  weekend = await insertCondition(t.db, { companyId: t.companyId, name: 'Weekend' });
  rain = await insertCondition(t.db, { companyId: t.companyId, name: 'Rain' });
  profileId = await insertProfile(t.db, { companyId: t.companyId, name: 'Fifty rows' });
  await t.db
    .updateTable('profiles')
    .set({ columns: JSON.stringify(['Unique_ID', 'Reporting_Label', 'Conditions', 'Region', 'Headline']) })
    .where('id', '=', profileId)
    .execute();
  ruleIds = await insertRules(t.db, {
    companyId: t.companyId,
    profileId,
    rows: Array.from({ length: 50 }, (_, i) => ({ Region: i % 2 ? 'South' : 'North', Headline: `Row ${i}` })),
  });
  for (const [i, id] of ruleIds.entries()) {
    const conditions = [...(i % 3 === 0 ? [weekend] : []), ...(i % 5 === 0 ? [rain] : [])];
    await t.db
      .updateTable('profile_rules')
      .set({
        reporting_label: `Label ${i}`,
        condition_ids: JSON.stringify(conditions),
        active: i === 2 ? 0 : 1,
        is_default: i === 4 ? 1 : 0,
      })
      .where('id', '=', id)
      .execute();
  }
  creativeId = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Grid' });
  await t.db.updateTable('creatives').set({ profile_id: profileId }).where('id', '=', creativeId).execute();
});
afterAll(() => t.close());

const variants = async (query = '') => {
  const res = await qa.get(`/v1/creatives/${creativeId}/variants${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expectDocumentedAnswer(t.app.swagger(), { method: 'GET', url: '/v1/creatives/:id/variants' }, res);
  return res.json();
};

describe('GET /v1/creatives/{id}/variants', () => {
  it('pages every rule in feed order, inactive and default ones marked, with the filters it offers', async () => {
    const first = await variants('?items-per-page=20');
    expect(first.meta).toMatchObject({ total: 50, per_page: 20, current_page: 1, last_page: 3 });
    expect(first.variants_total).toBe(50);
    expect(first.data.map((v: { rule_id: number }) => v.rule_id)).toEqual(ruleIds.slice(0, 20));
    expect(first.data[2]).toMatchObject({ reporting_label: 'Label 2', unique_id: 'k2', active: false });
    expect(first.data[4]).toMatchObject({ is_default: true, active: true });
    expect(first.data[0]).toMatchObject({
      condition_ids: [weekend, rain],
      data: { Region: 'North', Headline: 'Row 0' },
      // No approved package yet, and no backup rendered.
      render_url: null,
      backup_url: null,
    });
    expect(first.filters).toEqual({
      conditions: [
        { id: rain, name: 'Rain' },
        { id: weekend, name: 'Weekend' },
      ],
      fields: ['Region', 'Headline'],
    });
    const last = await variants('?items-per-page=20&page=3');
    expect(last.data.map((v: { rule_id: number }) => v.rule_id)).toEqual(ruleIds.slice(40));
    expect(last.links.next).toBeNull();
  });

  it('narrows by condition and by a feed value, counting the matches against all', async () => {
    const weekends = await variants(`?condition=${weekend}`);
    expect(weekends.meta.total).toBe(17);
    expect(weekends.variants_total).toBe(50);
    expect(weekends.data.every((v: { condition_ids: number[] }) => v.condition_ids.includes(weekend))).toBe(
      true,
    );
    const southRain = await variants(`?condition=${rain}&field=Region&value=South`);
    expect(southRain.data.map((v: { reporting_label: string }) => v.reporting_label)).toEqual([
      'Label 5',
      'Label 15',
      'Label 25',
      'Label 35',
      'Label 45',
    ]);
    expect((await variants('?field=Region&value=West')).meta.total).toBe(0);
  });

  it('keeps to the rules the creative serves, renders them once a package is approved, and shows ready backups', async () => {
    const served = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'North only' });
    await t.db
      .updateTable('creatives')
      .set({ profile_id: profileId, rule_filter: JSON.stringify({ column: 'Region', values: ['North'] }) })
      .where('id', '=', served)
      .execute();
    await insertPackage(t.db, { companyId: t.companyId, creativeId: served, status: 'approved' });
    const at = stamp();
    await t.db
      .insertInto('processing_assets')
      .values({
        company_id: t.companyId,
        creative_id: served,
        rule_id: ruleIds[0]!,
        kind: 'backup',
        slot: '',
        source: 'package:1',
        state: 'ready',
        storage_key: `processing/${served}/backup.png`,
        content_type: 'image/png',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const res = await qa.get(`/v1/creatives/${served}/variants`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.variants_total).toBe(25);
    expect(body.data[0].render_url).toMatch(
      new RegExp(`/render/${served}\\.0\\.[^/]+/${ruleIds[0]}/index\\.html$`),
    );
    expect(body.data[0].backup_url).toMatch(/backup\.png/);
    expect(body.data[1].backup_url).toBeNull();
  });

  it('answers nothing for a creative without feed, 404 for one it cannot see, 422 for half a value filter', async () => {
    const plain = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'No feed' });
    const none = await qa.get(`/v1/creatives/${plain}/variants`);
    expect(none.json()).toMatchObject({ data: [], variants_total: 0, meta: { total: 0 } });
    const other = await t.createCompany();
    const otherCampaign = await insertCampaign(t.db, { companyId: other, name: 'Theirs' });
    const theirs = await insertCreative(t.db, {
      companyId: other,
      campaignId: otherCampaign,
      name: 'Theirs',
    });
    expect((await qa.get(`/v1/creatives/${theirs}/variants`)).statusCode).toBe(404);
    const noField = await qa.get(`/v1/creatives/${creativeId}/variants?value=North`);
    expect(noField.statusCode).toBe(422);
    expect(noField.json().errors).toEqual({ field: [VARIANT_FIELD_REQUIRED] });
    const noValue = await qa.get(`/v1/creatives/${creativeId}/variants?field=Region`);
    expect(noValue.json().errors).toEqual({ value: [VARIANT_VALUE_REQUIRED] });
    const tooMany = await qa.get(`/v1/creatives/${creativeId}/variants?items-per-page=501`);
    expect(tooMany.statusCode).toBe(422);
    // -1 is every list's "all": the 50 variants on one page.
    const all = (await qa.get(`/v1/creatives/${creativeId}/variants?items-per-page=-1`)).json();
    expect(all.data).toHaveLength(50);
    expect(all.meta).toMatchObject({ total: 50, last_page: 1 });
  });
});
