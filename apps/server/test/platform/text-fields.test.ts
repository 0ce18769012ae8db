import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDataSource } from '../data-sources/fixtures';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { rowFingerprint } from '../row-fingerprint';
import {
  insertAsset,
  insertCampaign,
  insertCondition,
  insertCreative,
  insertPackage,
  insertProfile,
} from '../rows';

/**
 * Text is text (an outside security probe): every string of every JSON body a write route takes is
 * refused — 422 with an error on that field's key, no row changed — when it holds a lone UTF-16
 * surrogate, a control character, a bidirectional override or a noncharacter. The fields come from the OpenAPI document (/docs/json), walked
 * through nested objects, lists, records and unions, so a field added later is tested without
 * editing this file. Free text must answer the contract's text rule; a string held to an enum or a
 * date format may answer with its own message.
 */

const NOT_TEXT: Record<string, string> = {
  'a lone surrogate': 'lone-\ud800',
  'a lone low surrogate': 'low-\udc00-x',
  NUL: 'nul-\u0000-x',
  ESC: 'esc-\u001b[31m-x',
  'a C1 control (NEL)': 'nel-\u0085-x',
  DEL: 'del-\u007f-x',
  'a right-to-left override': 'rlo-\u202etxt.exe',
  'a first-strong isolate': 'fsi-\u2068-x',
  'the noncharacter U+FFFF': 'nonchar-\uffff-x',
};
/**
 * Refused everywhere but in multi-line fields (textareas), which take tab and line breaks; by the
 * text rule, or by a field's own (a header value: "may not hold line breaks").
 */
const LINE_BREAK = 'line-\nbreak';
const MULTILINE = new Set(['notes', 'comment', 'message']);
/** The contract's text rule, by its message (`plainTextMessage`). */
const TEXT_RULE = /^The .+ may only contain text/;

/**
 * Strings that are not held to the rule: secrets compared with a stored hash, never stored (a
 * password set before the rule must still let its owner in), as signing in does.
 */
const SECRETS = new Set(['current_password']);

/** Write operations that take no string (a free-form sign-in body, numbers); a walker finding none elsewhere is broken. */
const WITHOUT_TEXT = new Set([
  'POST /auth/login',
  'POST /auth/two-factor',
  'PUT /v1/user/settings',
  'PUT /v1/company/two-factor',
  'PATCH /v1/company/two-factor',
  'PUT /v1/company/qa-gate',
  'PUT /v1/company/conversions',
]);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

/** One string of a body: its error key, whether it is free text, and a body holding a value there. */
interface TextField {
  key: string;
  free: boolean;
  /** A record's key rather than a value: its error is under `<key>.<the key sent>`. */
  recordKey: boolean;
  body: (value: string) => unknown;
}

const typesOf = (schema: JsonSchema) => [schema.type ?? []].flat();
const constOf = (schema: JsonSchema) =>
  schema.const !== undefined ? schema.const : schema.enum?.length === 1 ? schema.enum[0] : undefined;
const isFree = (schema: JsonSchema) =>
  schema.enum === undefined && schema.const === undefined && schema.format === undefined;
/** A value a record's key is sent with: its first type's simplest value. */
const sampleOf = (schema: JsonSchema | boolean | undefined) =>
  typeof schema === 'object' && typesOf(schema).includes('number') ? 1 : 'x';

/**
 * Every string of `schema`, each with a body that reaches it: the objects on the way carry their
 * constant properties (a discriminated union's `action`), so the body is read as the branch it is in.
 */
function textFields(schema: JsonSchema, path: string[], wrap: (value: unknown) => unknown): TextField[] {
  const found: TextField[] = [];
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    found.push(...textFields(option, path, wrap));
  const types = typesOf(schema);
  if (types.includes('string'))
    found.push({ key: path.join('.'), free: isFree(schema), recordKey: false, body: wrap });
  if (types.includes('object') || schema.properties) {
    const properties = Object.entries(schema.properties ?? {});
    const constants = Object.fromEntries(
      properties.flatMap(([name, property]) => {
        const value = constOf(property);
        return value === undefined ? [] : [[name, value]];
      }),
    );
    for (const [name, property] of properties)
      found.push(...textFields(property, [...path, name], (v) => wrap({ ...constants, [name]: v })));
    const values = schema.additionalProperties;
    // A map's keys are data; an object open to anything (`{}`: the sign-in form) ignores extra keys.
    const map = typeof values === 'object' && Object.keys(values).length > 0;
    // Keyed `1`: a name any map takes, ids included.
    if (map) found.push(...textFields(values, [...path, '1'], (v) => wrap({ ...constants, 1: v })));
    if (map && schema.propertyNames && typesOf(schema.propertyNames).includes('string'))
      found.push({
        key: path.join('.'),
        free: isFree(schema.propertyNames),
        recordKey: true,
        body: (v) => wrap({ ...constants, [v]: sampleOf(values) }),
      });
  }
  if (types.includes('array')) {
    if (schema.items) found.push(...textFields(schema.items, [...path, '0'], (v) => wrap([v])));
    for (const [i, item] of (schema.prefixItems ?? []).entries())
      found.push(
        ...textFields(item, [...path, String(i)], (v) =>
          wrap(Object.assign(Array(i + 1).fill(null), { [i]: v })),
        ),
      );
  }
  return found;
}

/** One entry per key: free text if any branch takes free text there, reached as that branch. */
function byKey(fields: TextField[]): TextField[] {
  const kept = new Map<string, TextField>();
  for (const field of fields) {
    const id = `${field.recordKey ? 'key of ' : ''}${field.key}`;
    const seen = kept.get(id);
    if (!seen || (field.free && !seen.free)) kept.set(id, field);
  }
  return [...kept.values()];
}

let t: TestApp;
let admin: Client;
let fingerprint: () => Promise<string>;
/** A real id for each `{param}` of a path, by the segment before it (`/v1/conditions/{id}`). */
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  const user = await t.createUser({ roles: ['admin'] });
  admin = await t.injectAs(user);
  const companyId = t.companyId;
  const created = async (url: string, body: object) => {
    const res = await admin.post(url, body);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
    return res.json().data as { id: number };
  };

  const campaignId = await insertCampaign(t.db, { companyId, name: 'Text campaign' });
  const creativeId = await insertCreative(t.db, { companyId, campaignId, name: 'Text creative' });
  const publisher = await created('/v1/media-entities', { name: 'Text publisher' });
  const pkg = { id: await insertPackage(t.db, { companyId, creativeId }) };
  const links = await admin.post(`/v1/campaigns/${campaignId}/approvals`, {
    creative_ids: [creativeId],
    media_entity_ids: [publisher.id],
  });
  expect(links.statusCode, links.body).toBe(201);
  const approval = await t.db
    .selectFrom('approvals')
    .select('id')
    .where('creative_id', '=', creativeId)
    .executeTakeFirstOrThrow();
  const template = await created('/v1/profile-templates', {
    name: 'Text template',
    columns: [{ name: 'Headline', type: 'text' }],
  });

  Object.assign(ids, {
    campaigns: campaignId,
    creatives: creativeId,
    'media-entities': publisher.id,
    assets: await insertAsset(t.db, { companyId, creativeId }),
    packages: pkg.id,
    publisherapproval: (links.json().data[0].url as string).split('/').pop(),
    approvals: approval.id,
    profiles: await insertProfile(t.db, { companyId, name: 'Text profile' }),
    'profile-templates': template.id,
    conditions: await insertCondition(t.db, { companyId, name: 'Text condition' }),
    datasource: await insertDataSource(t.db, { companyId, name: 'Text data source' }),
    tags: (await created(`/v1/creatives/${creativeId}/tags`, { name: 'Text tag' })).id,
    webhooks: (
      await created('/v1/webhooks', { url: 'https://hooks.example.com/', events: ['package.ready'] })
    ).id,
    users: (await t.createUser()).id,
  });
  fingerprint = await rowFingerprint(t);
});
afterAll(() => t.close());

/** The operation's path with real ids; a parameter after a segment without a fixture fails loudly. */
const concrete = (path: string) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string, at: number) => {
    const segment = path.slice(0, at).split('/').filter(Boolean).pop() ?? '';
    const id = ids[segment];
    if (id === undefined)
      throw new Error(`${path}: no fixture for {${name}} after /${segment}/; create one above.`);
    return String(id);
  });

describe('every text field of every write refuses what is not text', () => {
  it('answers 422 on the field and changes no row', async () => {
    const served = await admin.get('/docs/json');
    expect(served.statusCode).toBe(200);
    const doc = served.json() as OpenApi;
    const cases: string[] = [];
    const withoutText: string[] = [];
    const before = await fingerprint();

    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!['post', 'put', 'patch'].includes(method)) continue;
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (!schema) continue;
        const name = `${method.toUpperCase()} ${path}`;
        const fields = byKey(textFields(schema, [], (v) => v)).filter(
          (field) => !SECRETS.has(field.key.split('.').pop()!),
        );
        if (fields.length === 0) withoutText.push(name);

        for (const field of fields) {
          const where = `${name} ${field.recordKey ? 'a key of ' : ''}${field.key}`;
          cases.push(where);
          const values = Object.entries(NOT_TEXT);
          if (!MULTILINE.has(field.key.split('.').pop()!)) values.push(['a line break', LINE_BREAK]);
          for (const [what, value] of values) {
            const res = await admin.inject({
              method: method.toUpperCase() as 'POST',
              url: concrete(path),
              headers: { 'content-type': 'application/json' },
              payload: JSON.stringify(field.body(value)),
            });
            const said = `${where} with ${what} → ${res.statusCode} ${res.body.slice(0, 400)}`;
            expect(res.statusCode, said).toBe(422);
            const errors = (res.json().errors ?? {}) as Record<string, string[]>;
            if (field.recordKey) {
              expect(
                Object.keys(errors).some((key) => key.startsWith(`${field.key}.`)),
                said,
              ).toBe(true);
            } else if (field.free && value !== LINE_BREAK) {
              expect(
                errors[field.key]?.some((message) => TEXT_RULE.test(message)),
                said,
              ).toBe(true);
            } else {
              expect(errors[field.key], said).toBeDefined();
            }
          }
          expect(await fingerprint(), `${where}: a refused request changed rows`).toBe(before);
        }
      }
    }

    console.log(`text fields: ${cases.length} (route, field) cases on ${t.config.database.kind}`);
    // A PATCH is the PUT it copies (Laravel's resource routes).
    expect(withoutText.filter((op) => !WITHOUT_TEXT.has(op.replace(/^PATCH /, 'PUT ')))).toEqual([]);
    expect(cases.length).toBeGreaterThan(100);
    expect(cases).toEqual(
      expect.arrayContaining([
        'POST /v1/campaigns name',
        'PUT /v1/campaigns/{id} url',
        'PUT /v1/profiles/{id} name',
        'POST /v1/conditions predicates.0.value',
        'POST /v1/conditions predicates.0.value.0',
        'PUT /v1/media-entities/{id} contact_name',
        'POST /v1/creatives rule_filter.values.0',
        'POST /v1/datasource headers.0.value',
        'POST /v1/conditions/{id}/simulate params.1',
        'POST /v1/conditions/{id}/simulate a key of params',
        'POST /v1/creatives/{id}/assets assets.0.name',
        'PUT /v1/creatives/{id}/packages/{packageId} notes',
        'POST /v1/creatives/publisherapproval/{token}/approvals/{approvalId} comment',
        'POST /v1/feedback message',
        'POST /vapor/signed-storage-url content_type',
      ]),
    );
  }, 120_000);
});
