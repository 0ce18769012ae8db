import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PARAM_LENGTH } from '../../src/lib/params';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';

interface Parameter {
  name: string;
  in: string;
  schema?: { maxLength?: number; pattern?: string; enum?: unknown[] };
}
type Document = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

let t: TestApp;
let admin: Client;
let doc: Document;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
  doc = t.app.swagger() as unknown as Document;
});
afterAll(() => t.close());

/** Every documented operation with path parameters, each parameter at its documented longest. */
function longestCalls() {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) => {
      const params = (operation.parameters ?? []).filter((p) => p.in === 'path');
      if (params.length === 0) return [];
      const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const param = params.find((p) => p.name === name);
        const digitsOnly = param?.schema?.pattern?.includes('[0-9]');
        return (digitsOnly ? '9' : 'a').repeat(param?.schema?.maxLength ?? 10);
      });
      return [{ method: method.toUpperCase(), path, url, params }];
    }),
  );
}

describe(`path parameters answer in our shape at any length (${engine})`, () => {
  it('documents a maximum length for every string path parameter, within the router limit', () => {
    const calls = longestCalls();
    expect(calls.length).toBeGreaterThan(50);
    const unbounded = calls.flatMap(({ path, params }) =>
      params
        .filter(
          (param) =>
            !param.schema?.enum &&
            !((param.schema?.maxLength ?? Number.POSITIVE_INFINITY) <= MAX_PARAM_LENGTH),
        )
        .map((param) => `${path} {${param.name}}`),
    );
    expect(unbounded).toEqual([]);
  });

  it('a parameter at its documented longest never meets the router’s 414', async () => {
    for (const { method, url } of longestCalls()) {
      const res = await admin.inject({
        method: method as 'GET',
        url,
        payload: ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).not.toBe(414);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode >= 400) expect(res.json(), `${method} ${url}`).toHaveProperty('message');
    }
  });

  it('beyond the router limit answers our JSON 404', async () => {
    for (const url of [
      `/v1/campaigns/externalreport/${'a'.repeat(MAX_PARAM_LENGTH + 1)}`,
      `/v1/campaigns/${'9'.repeat(MAX_PARAM_LENGTH + 1)}`,
    ]) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Cannot find this item' });
    }
  });
});

describe(`list parameters state their bounds (${engine})`, () => {
  it('items-per-page: -1 (all) or 1–500 on every list', () => {
    const lists = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.values(item).flatMap((operation) =>
        (operation.parameters ?? [])
          .filter((p) => p.in === 'query' && p.name === 'items-per-page')
          .map((p) => ({ path, p: p as Parameter & { description?: string; schema?: object } })),
      ),
    );
    expect(lists.length).toBeGreaterThanOrEqual(6);
    for (const { path, p } of lists) {
      expect(p.schema, path).toMatchObject({ minimum: -1, maximum: 500 });
      expect(`${p.description ?? ''} ${JSON.stringify(p.schema)}`, path).toContain('-1 (all) or 1–500');
    }
  });
});

describe(`the document's 422s (${engine})`, () => {
  it('every 422 answered as JSON requires errors', () => {
    type Media = { schema?: { required?: string[] } };
    const paths = doc.paths as unknown as Record<
      string,
      Record<string, { responses?: Record<string, { content?: Record<string, Media> }> }>
    >;
    const optional = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        Object.entries(operation.responses?.['422']?.content ?? {})
          .filter(([type, media]) => type.includes('json') && !media.schema?.required?.includes('errors'))
          .map(() => `${method} ${path}`),
      ),
    );
    expect(optional).toEqual([]);
  });
});
