import { encodeSearchQuery, type SearchResult } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPARSE_MATCHES } from '../../src/lib/indexed-filter';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertCampaign, insertCreative, insertProfile } from '../rows';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A company of its own per test, so no test sees another's rows. */
async function company(permissions: string[] = [], roles: string[] = ['admin']) {
  const companyId = await t.createCompany();
  const user = await t.createUser({ companyId, permissions, roles });
  const client = await t.injectAs(user);
  const campaignId = await insertCampaign(t.db, { companyId, name: `zz holder ${companyId}` });
  return { companyId, client, campaignId };
}

async function search(client: Client, query: string): Promise<SearchResult[]> {
  const res = await client.get(`/v1/search/${encodeSearchQuery(query)}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}
const titles = (results: SearchResult[]) => results.map((r) => `${r.type}:${r.title}`);

describe('GET /v1/search/{q}', () => {
  it('needs a session', async () => {
    const res = await (await t.guest()).get(`/v1/search/${encodeSearchQuery('x')}`);
    expect(res.statusCode).toBe(401);
  });

  it('answers each type with its url and searchable fields', async () => {
    const { companyId, client } = await company();
    const campaignId = await insertCampaign(t.db, {
      companyId,
      name: 'Orion launch',
      status: 'live',
      launchDate: '2026-03-01',
    });
    const creativeId = await insertCreative(t.db, {
      companyId,
      campaignId,
      name: 'Orion banner',
      status: 'testing',
      width: 728,
      height: 90,
    });
    const profileId = await insertProfile(t.db, {
      companyId,
      name: 'Orion feed',
      status: 'synced',
      gsheetId: 'sheet-123',
      updatedAt: '2026-02-03T04:05:06.000Z',
    });
    expect(await search(client, 'orion')).toEqual([
      {
        type: 'creative',
        title: 'Orion banner',
        url: `/creatives/${creativeId}`,
        searchable: { status: 'testing', width: 728, height: 90 },
      },
      {
        type: 'profile',
        title: 'Orion feed',
        url: `/profiles/${profileId}`,
        searchable: { status: 'synced', gsheet_id: 'sheet-123', created_at: '2026-02-03T04:05:06.000Z' },
      },
      {
        type: 'campaign',
        title: 'Orion launch',
        url: `/campaigns/${campaignId}`,
        searchable: { status: 'live', launch_date: '2026-03-01' },
      },
    ]);
  });

  it('ranks the exact name first, then prefixes, then contains, each by name, case-insensitively', async () => {
    const { companyId, client } = await company();
    for (const name of ['Air Nike', 'nike zoom', 'Adidas', 'NIKE', 'Nike Air', 'Swoosh (nike)', 'Nik'])
      await insertCampaign(t.db, { companyId, name });
    expect(titles(await search(client, 'Nike'))).toEqual([
      'campaign:NIKE',
      'campaign:Nike Air',
      'campaign:nike zoom',
      'campaign:Air Nike',
      'campaign:Swoosh (nike)',
    ]);
  });

  it('ranks across types: an exact creative before a prefix campaign', async () => {
    const { companyId, client, campaignId } = await company();
    await insertCampaign(t.db, { companyId, name: 'Vega spring' });
    await insertCreative(t.db, { companyId, campaignId, name: 'vega' });
    await insertProfile(t.db, { companyId, name: 'The Vega feed' });
    expect(titles(await search(client, 'VEGA'))).toEqual([
      'creative:vega',
      'campaign:Vega spring',
      'profile:The Vega feed',
    ]);
  });

  it('matches prefixes exactly, whatever the database collation does with punctuation and case', async () => {
    const { companyId, client } = await company();
    // Under a locale collation (glibc en_US, ICU) a range on 'ab' also catches 'a-bc' or 'a\u00adbz'.
    for (const name of ['a-b', 'a b', 'ac', 'aB', 'Ab-c', 'abz', 'a_b', 'aa', 'b', 'a\u00adbz', 'a-bc'])
      await insertCampaign(t.db, { companyId, name });
    expect(titles(await search(client, 'ab'))).toEqual(['campaign:aB', 'campaign:Ab-c', 'campaign:abz']);
  });

  it('treats LIKE wildcards in the query as plain text', async () => {
    const { companyId, client } = await company();
    for (const name of ['Sale 50% off', 'Sale 500 off', 'snake_case', 'snakeXcase'])
      await insertCampaign(t.db, { companyId, name });
    expect(titles(await search(client, '50%'))).toEqual(['campaign:Sale 50% off']);
    expect(titles(await search(client, 'e_c'))).toEqual(['campaign:snake_case']);
  });

  it('searches UTF-8 text sent as standard base64 or base64url', async () => {
    const { companyId, client } = await company();
    await insertCampaign(t.db, { companyId, name: 'Café Crème' });
    await insertCampaign(t.db, { companyId, name: 'Cafe plain' });
    await insertCampaign(t.db, { companyId, name: '東京 summer' });
    expect(titles(await search(client, 'Café'))).toEqual(['campaign:Café Crème']);
    expect(titles(await search(client, 'café crème'))).toEqual(['campaign:Café Crème']);
    const standard = Buffer.from('rème', 'utf8').toString('base64');
    for (const encoded of [standard, standard.replace(/=+$/, ''), encodeURIComponent(standard)]) {
      const res = await client.get(`/v1/search/${encoded}`);
      expect(titles(res.json().data)).toEqual(['campaign:Café Crème']);
    }
    expect(titles(await search(client, '東京'))).toEqual(['campaign:東京 summer']);
  });

  it('reads base64 whose "/" and "+" are URL-encoded or raw', async () => {
    const { companyId, client } = await company();
    await insertCampaign(t.db, { companyId, name: 'aa?é>' });
    const encoded = Buffer.from('aa?é>', 'utf8').toString('base64');
    expect(encoded).toContain('/');
    expect(encoded).toContain('+');
    for (const path of [encodeURIComponent(encoded), encoded, Buffer.from('aa?é>').toString('base64url')]) {
      const res = await client.get(`/v1/search/${path}`);
      expect(res.statusCode).toBe(200);
      expect(titles(res.json().data)).toEqual(['campaign:aa?é>']);
    }
  });

  it('finds nothing for a bad encoding or blank text; no query at all is no route', async () => {
    const { companyId, client } = await company();
    await insertCampaign(t.db, { companyId, name: 'a' });
    for (const path of ['%21%21%21', 'w6g', encodeURIComponent(btoa('   ')), 'YQ=x'])
      expect((await client.get(`/v1/search/${path}`)).json()).toEqual({ data: [] });
    expect(encodeSearchQuery('   ')).toBe('');
    expect((await client.get('/v1/search/')).statusCode).toBe(404);
    expect(await search(client, 'a')).toHaveLength(1);
  });

  it("never shows another company's rows or soft-deleted ones", async () => {
    const mine = await company();
    const other = await company();
    await insertCampaign(t.db, { companyId: other.companyId, name: 'Secret plan' });
    await insertCreative(t.db, {
      companyId: other.companyId,
      campaignId: other.campaignId,
      name: 'Secret banner',
    });
    await insertProfile(t.db, { companyId: other.companyId, name: 'Secret feed' });
    await insertCampaign(t.db, { companyId: mine.companyId, name: 'Secret gone', deleted: true });
    await insertCreative(t.db, {
      companyId: mine.companyId,
      campaignId: mine.campaignId,
      name: 'Secret gone',
      deleted: true,
    });
    await insertProfile(t.db, { companyId: mine.companyId, name: 'Secret gone', deleted: true });
    await insertCampaign(t.db, { companyId: mine.companyId, name: 'Secret mine' });
    expect(titles(await search(mine.client, 'secret'))).toEqual(['campaign:Secret mine']);
    expect(titles(await search(other.client, 'secret'))).toEqual([
      'creative:Secret banner',
      'profile:Secret feed',
      'campaign:Secret plan',
    ]);
  });

  it('searches only the sections the user may read', async () => {
    const companyId = await t.createCompany();
    const campaignId = await insertCampaign(t.db, { companyId, name: 'Polaris campaign' });
    await insertCreative(t.db, { companyId, campaignId, name: 'Polaris creative' });
    await insertProfile(t.db, { companyId, name: 'Polaris profile' });
    const as = async (permissions: string[], roles: string[] = []) =>
      titles(
        await search(await t.injectAs(await t.createUser({ companyId, permissions, roles })), 'polaris'),
      );

    expect(await as(['edit campaigns'])).toEqual(['campaign:Polaris campaign']);
    expect(await as(['edit creatives', 'edit profiles'])).toEqual([
      'creative:Polaris creative',
      'profile:Polaris profile',
    ]);
    expect(await as(['edit assets', 'edit conditions'])).toEqual([]);
    expect(await as(['qa'])).toHaveLength(3);
    expect(await as([], ['admin'])).toHaveLength(3);
  });

  it('caps results at 8 per type and 20 in all, keeping the best ranked', async () => {
    const { companyId, client, campaignId } = await company();
    for (let i = 10; i < 22; i++) {
      await insertCampaign(t.db, { companyId, name: `Promo c${i}` });
      await insertCreative(t.db, { companyId, campaignId, name: `Promo r${i}` });
      await insertProfile(t.db, { companyId, name: `Promo p${i}` });
    }
    await insertProfile(t.db, { companyId, name: 'promo' });
    await insertCampaign(t.db, { companyId, name: 'Big promo' });
    const results = await search(client, 'promo');
    expect(results).toHaveLength(20);
    expect(results[0]).toMatchObject({ type: 'profile', title: 'promo' });
    const count = (type: string) => results.filter((r) => r.type === type).length;
    expect([count('campaign'), count('creative'), count('profile')]).toEqual([8, 4, 8]);
    // Prefix hits fill the caps, so the contains-only 'Big promo' does not make it.
    expect(titles(results)).not.toContain('campaign:Big promo');
    expect(titles(results).slice(1, 9)).toEqual(
      [10, 11, 12, 13, 14, 15, 16, 17].map((i) => `campaign:Promo c${i}`),
    );
  });

  it('finds contains-matches among every row however old, through a sparse or a dense index plan', async () => {
    const { companyId, client } = await company();
    const old = '2020-01-01T00:00:00.000Z';
    await insertCampaign(t.db, { companyId, name: 'Big Lumber', updatedAt: old });
    await insertCampaign(t.db, { companyId, name: 'Café Noir', updatedAt: old });
    // More rows containing 'xneedle' than the sparse plan collects, all newer than Big Lumber.
    const filler = Array.from({ length: SPARSE_MATCHES + 100 }, (_, i) => ({
      company_id: companyId,
      name: `Filler xneedle ${String(i).padStart(5, '0')}`,
      ranges: '[]',
      status: 'draft' as const,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    }));
    for (let i = 0; i < filler.length; i += 500)
      await t.db
        .insertInto('campaigns')
        .values(filler.slice(i, i + 500))
        .execute();
    expect(titles(await search(client, 'umber'))).toEqual(['campaign:Big Lumber']);
    expect(titles(await search(client, 'FÉ NO'))).toEqual(['campaign:Café Noir']);
    expect(titles(await search(client, 'NEEDLE 0'))).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => `campaign:Filler xneedle 0000${i}`),
    );
  });
});
