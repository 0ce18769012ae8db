import vm from 'node:vm';
import type { DynamicCode } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PROFILE, NO_ROWS } from '../../src/modules/dynamic-code/dynamic-code.service';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertCampaign, insertCreative, insertProfile, insertRules } from '../rows';

let t: TestApp;
let editor: Client;
let qa: Client;
let campaignId: number;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.injectAs(await t.createUser({ permissions: ['edit creatives'] }));
  qa = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
  campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Dynamic' });
});
afterAll(() => t.close());

async function creativeWithProfile(rows: Record<string, string>[]) {
  const profileId = await insertProfile(t.db, { companyId: t.companyId, name: `Feed ${Math.random()}` });
  await insertRules(t.db, { companyId: t.companyId, profileId, rows });
  const id = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: `C ${Math.random()}` });
  await t.db.updateTable('creatives').set({ profile_id: profileId }).where('id', '=', id).execute();
  return { id, profileId };
}

const codeOf = async (client: Client, id: number) => {
  const res = await client.get(`/v1/creatives/${id}/dynamic-code`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DynamicCode;
};

describe('dynamic code', () => {
  it('is generated from the profile’s first row, runs, and moves along its status table', async () => {
    const { id } = await creativeWithProfile([
      { Unique_ID: 'a', Headline: 'First' },
      { Unique_ID: 'b', Headline: 'Second' },
    ]);
    expect(await codeOf(qa, id)).toMatchObject({ code: null, status: null, message: null, stale: false });
    expect((await qa.post(`/v1/creatives/${id}/dynamic-code`, {})).statusCode).toBe(403);

    const generated = await editor.post(`/v1/creatives/${id}/dynamic-code`, {});
    expect(generated.statusCode, generated.body).toBe(200);
    const code = generated.json().data as DynamicCode;
    expect(code).toMatchObject({ status: 'generated', columns: ['Unique_ID', 'Headline'], stale: false });
    const context = vm.createContext({ Enabler: { setProfileId() {}, setDevDynamicContent() {} } });
    vm.runInContext(code.code!, context);
    const feed = Object.values(context.devDynamicContent as Record<string, Record<string, unknown>[]>)[0]!;
    expect(feed[0]).toMatchObject({ Unique_ID: 'a', Headline: 'First' });

    const skip = await editor.post(`/v1/creatives/${id}/dynamic-code/status`, {
      status: 'verified',
      updated_at: code.updated_at,
    });
    expect(skip.statusCode).toBe(422);
    expect(skip.json().errors.status[0]).toBe('The dynamic code cannot move from generated to verified.');
    const implemented = await editor.post(`/v1/creatives/${id}/dynamic-code/status`, {
      status: 'implemented',
      updated_at: code.updated_at,
    });
    expect(implemented.statusCode, implemented.body).toBe(200);
    expect(implemented.json().data).toMatchObject({
      status: 'implemented',
      allowed_statuses: ['verified', 'generated'],
    });
    const stale = await editor.post(`/v1/creatives/${id}/dynamic-code/status`, {
      status: 'verified',
      updated_at: code.updated_at,
    });
    expect(stale.statusCode).toBe(409);

    // Regenerating starts again at generated, and both moves are in the creative's history.
    const again = (await editor.post(`/v1/creatives/${id}/dynamic-code`, {})).json().data as DynamicCode;
    expect(again.status).toBe('generated');
    const history = await t.db
      .selectFrom('audit_log')
      .select('changes')
      .where('entity_type', '=', 'creative')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(history.map((h) => JSON.parse(h.changes).dynamic_code)).toEqual([
      [null, 'generated'],
      ['generated', 'implemented'],
      ['implemented', 'generated'],
    ]);
  });

  it('is stale once the profile’s columns change', async () => {
    const { id, profileId } = await creativeWithProfile([{ Unique_ID: 'a', Headline: 'First' }]);
    await editor.post(`/v1/creatives/${id}/dynamic-code`, {});
    expect((await codeOf(editor, id)).stale).toBe(false);
    await t.db
      .updateTable('profile_rules')
      .set({ data: JSON.stringify({ Unique_ID: 'a', Headline: 'First', Price: '9.99' }) })
      .where('profile_id', '=', profileId)
      .execute();
    expect(await codeOf(editor, id)).toMatchObject({ stale: true, columns: ['Unique_ID', 'Headline'] });
  });

  it('says why there is none without a profile or without rows, and refuses to generate', async () => {
    const plain = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'No feed' });
    expect(await codeOf(editor, plain)).toMatchObject({ code: null, message: NO_PROFILE, profile: null });
    const none = await editor.post(`/v1/creatives/${plain}/dynamic-code`, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.profile_id).toEqual([NO_PROFILE]);

    const { id } = await creativeWithProfile([]);
    expect(await codeOf(editor, id)).toMatchObject({ code: null, message: NO_ROWS });
    expect((await editor.post(`/v1/creatives/${id}/dynamic-code`, {})).json().errors.profile_id).toEqual([
      NO_ROWS,
    ]);
  });

  it("is another company's business: 404", async () => {
    const { id } = await creativeWithProfile([{ Unique_ID: 'a' }]);
    const outsider = await t.injectAs(
      await t.createUser({ roles: ['admin'], companyId: await t.createCompany('Elsewhere') }),
    );
    expect((await outsider.get(`/v1/creatives/${id}/dynamic-code`)).statusCode).toBe(404);
    expect((await outsider.post(`/v1/creatives/${id}/dynamic-code`, {})).statusCode).toBe(404);
  });
});
