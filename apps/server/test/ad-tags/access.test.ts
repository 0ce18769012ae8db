import { type AccessRoute, describeAccessMatrix } from '../access-matrix';
import type { TestApp } from '../helper';
import { insertCampaign, insertCreative } from '../rows';

interface Fixture {
  id: number;
  tagId: number;
}
let seq = 0;

/** A creative with one live tag, fresh for each request. */
async function fixture(t: TestApp, companyId: number): Promise<Fixture> {
  const campaignId = await insertCampaign(t.db, { companyId, name: `Tag access ${++seq}` });
  const id = await insertCreative(t.db, { companyId, campaignId, name: `Tagged ${seq}` });
  const tag = await t.db
    .insertInto('ad_tags')
    .values({
      company_id: companyId,
      creative_id: id,
      media_entity_id: null,
      name: `Placement ${seq}`,
      token: `tag-${seq}-${'x'.repeat(39)}`.slice(0, 43),
      created_by: null,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, tagId: tag.id };
}

/** The creative's tags and their audit entries, which a refused request must leave alone. */
const snapshot = async (t: TestApp, f: Fixture) => ({
  tags: await t.db.selectFrom('ad_tags').selectAll().where('creative_id', '=', f.id).orderBy('id').execute(),
  audit: await t.db.selectFrom('audit_log').select('id').where('entity_type', '=', 'ad_tag').execute(),
});

const ROUTES: AccessRoute<Fixture>[] = [
  {
    name: 'list tags',
    method: 'GET',
    url: (f) => `/v1/creatives/${f.id}/tags`,
    ok: 200,
    qa: true,
    scoped: true,
  },
  {
    name: 'create a tag',
    method: 'POST',
    url: (f) => `/v1/creatives/${f.id}/tags`,
    body: () => ({ name: `Created ${++seq}` }),
    ok: 201,
    qa: false,
    scoped: true,
  },
  {
    name: 'try a tag',
    method: 'POST',
    url: (f) => `/v1/creatives/${f.id}/tags/${f.tagId}/try`,
    body: () => ({ country: 'BE' }),
    ok: 200,
    qa: true,
    scoped: true,
  },
  {
    name: 'revoke a tag',
    method: 'DELETE',
    url: (f) => `/v1/creatives/${f.id}/tags/${f.tagId}`,
    ok: 204,
    qa: false,
    scoped: true,
  },
];

describeAccessMatrix({ section: 'creatives', routes: ROUTES, fixture, snapshot });
