import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Checks real answers against the OpenAPI document the server serves (`app.swagger()`, the same as
 * /docs/json). The document is OpenAPI 3.1, so its schemas are JSON Schema 2020-12 (Ajv2020).
 *
 *   expectDocumentedAnswer(t.app.swagger(), { method: 'GET', url: '/v1/campaigns/:id' }, res);
 *
 * `url` is the route pattern (`/v1/campaigns/:id`, as in `app.routeTable`, or `/v1/campaigns/{id}`),
 * never the concrete URL.
 */

/** The parts of an OpenAPI document this reads. */
interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation | unknown> | undefined>;
}
/** An operation of the document: its id and its answers by status. */
export interface OpenApiOperation {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
/** A route as registered: its method and pattern. */
export interface RoutePattern {
  method: string;
  url: string;
}
/** What is read of an answer (a light-my-request `app.inject` response fits). */
export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  payload: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const DOC_ID = 'openapi:document';

/** One step of a JSON pointer in a URI fragment (`/` and `~` escaped, then %-encoded). */
const pointerPart = (part: string) => encodeURIComponent(part.replaceAll('~', '~0').replaceAll('/', '~1'));

/** `/v1/campaigns/:id` → `/v1/campaigns/{id}` (the document's spelling). */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}');

/** Every operation of the document, e.g. to check that a test exercised them all. */
export function documentedOperations(doc: object): (RoutePattern & { operationId: string })[] {
  return Object.entries((doc as OpenApiDocument).paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item ?? {})
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        url: path,
        operationId: (operation as OpenApiOperation).operationId ?? `${method} ${path}`,
      })),
  );
}

/** The operation the document gives this route, or undefined (a hidden route, or none). */
export function findOperation(doc: object, route: RoutePattern): OpenApiOperation | undefined {
  return (doc as OpenApiDocument).paths?.[openApiPath(route.url)]?.[route.method.toLowerCase()] as
    | OpenApiOperation
    | undefined;
}

/**
 * Throws unless `res` is an answer the document promises for `route`: its status is documented for
 * that operation (exactly, as `4XX`, or `default`); a documented body validates against the schema
 * of the answer's content type (JSON parsed, other types as text); an answer documented without
 * content (every 204) has an empty body. A HEAD answer is checked against the GET operation's
 * statuses only. The error names the operation, the status and what did not match.
 */
export function expectDocumentedAnswer(doc: object, route: RoutePattern, res: Answer): void {
  const head = route.method.toUpperCase() === 'HEAD';
  const method = head ? 'GET' : route.method.toUpperCase();
  const name = `${method} ${openApiPath(route.url)} answered ${res.statusCode}`;
  const operation = findOperation(doc, { method, url: route.url });
  if (!operation) throw new Error(`${name}: the document has no such operation`);
  const responses = operation.responses ?? {};
  const key = [String(res.statusCode), `${String(res.statusCode)[0]}XX`, 'default'].find(
    (k) => k in responses,
  );
  if (key === undefined) {
    const documented = Object.keys(responses).join(', ');
    throw new Error(`${name}, which is not documented (documented: ${documented}); body: ${excerpt(res)}`);
  }
  const content = responses[key]!.content;
  if (res.statusCode === 204 && content) throw new Error(`${name}: a 204 is documented with content`);
  if (head) return;
  if (!content) {
    if (res.payload !== '') throw new Error(`${name}: documented without a body, got ${excerpt(res)}`);
    return;
  }
  const mediaType = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  const media = [mediaType, `${mediaType.split('/')[0]}/*`, '*/*'].find((type) => type in content);
  if (media === undefined) {
    throw new Error(
      `${name} with content type "${mediaType}"; documented: ${Object.keys(content).join(', ')}`,
    );
  }
  const pointer = ['paths', openApiPath(route.url), method.toLowerCase(), 'responses', key, 'content', media]
    .map(pointerPart)
    .join('/');
  const validate = validatorFor(doc, `#/${pointer}/schema`);
  if (!validate) return; // documented without a schema: any body
  let body: unknown = res.payload;
  if (/[/+]json$/.test(media)) {
    try {
      body = JSON.parse(res.payload);
    } catch {
      throw new Error(`${name}: the body is not JSON: ${excerpt(res)}`);
    }
  }
  if (!validate(body)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`);
    throw new Error(
      `${name}: the body does not match the documented schema: ${problems.join('; ')}; body: ${excerpt(res)}`,
    );
  }
}

const compiled = new WeakMap<object, { ajv: Ajv2020; validators: Map<string, ValidateFunction | null> }>();

/** One Ajv per document, holding the whole document so `#/components/...` references resolve. */
function validatorFor(doc: object, pointer: string): ValidateFunction | null {
  let entry = compiled.get(doc);
  if (!entry) {
    // Not strict: OpenAPI adds keywords of its own (example, discriminator, x-*) beside JSON Schema's.
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema({ ...doc, $id: DOC_ID });
    entry = { ajv, validators: new Map() };
    compiled.set(doc, entry);
  }
  let validate = entry.validators.get(pointer);
  if (validate === undefined) {
    validate = entry.ajv.getSchema(`${DOC_ID}${pointer}`) ?? null;
    entry.validators.set(pointer, validate);
  }
  return validate;
}

function excerpt(res: Answer): string {
  return res.payload.length > 300 ? `${res.payload.slice(0, 300)}…` : res.payload || '(empty)';
}

/**
 * What Schemathesis reads of the document, checked the way it would trip over it (it cannot run
 * here: see scripts/schemathesis.sh). Each answers its problems, `[]` when there are none.
 */
export const schemathesisReads = {
  /**
   * Every schema is valid JSON Schema 2020-12 and compiles with Ajv in strict mode (no unknown
   * keyword). Each is compiled alone: the document inlines its schemas (a `$ref` would fail here).
   */
  invalidSchemas(doc: object): string[] {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, strictTuples: false });
    addFormats(ajv);
    return schemasOf(doc).flatMap(({ where, schema }) => {
      if (!ajv.validateSchema(schema)) return [`${where}: ${ajv.errorsText()}`];
      try {
        ajv.compile(schema);
        return [];
      } catch (error) {
        return [`${where}: ${(error as Error).message}`];
      }
    });
  },

  /** `items: false` (zod's closed tuple), which Schemathesis refused; `maxItems` says it. */
  closedItems(doc: object): string[] {
    const found: string[] = [];
    walk(doc, '', (value, where) => {
      if ((value as { items?: unknown }).items === false) found.push(where);
    });
    return found;
  },

  /** Every API PUT (`/v1/`) with its PATCH, which the server answers too: the same call. */
  unpairedUpdates(doc: object): string[] {
    return Object.entries(pathsOf(doc)).flatMap(([path, item]) => {
      if (!item.put || !path.startsWith('/v1/')) return [];
      const { put, patch } = item;
      if (!patch) return [`PUT ${path} has no PATCH`];
      const same = (key: keyof Operation) => JSON.stringify(put[key]) === JSON.stringify(patch[key]);
      return (['parameters', 'requestBody', 'responses', 'security'] as const)
        .filter((key) => !same(key))
        .map((key) => `PATCH ${path}: its ${key} differ from the PUT's`);
    });
  },

  /** Every write to an item whose body takes `updated_at` documents the `If-Match` it takes instead. */
  unversionedUpdates(doc: object): string[] {
    return operationsOf(doc)
      .filter(
        ({ path, operation }) => path.includes('{') && propertiesOf(jsonBodyOf(operation)).has('updated_at'),
      )
      .filter(({ operation }) => !headerOf(operation, 'If-Match'))
      .map(({ method, path }) => `${method} ${path} takes updated_at but documents no If-Match header`);
  },

  /** `webhooks` has a POST per event, with the envelope and its `data`. */
  undocumentedWebhooks(doc: object, events: readonly string[]): string[] {
    const webhooks = (doc as { webhooks?: Record<string, { post?: Operation }> }).webhooks ?? {};
    const extra = Object.keys(webhooks).filter((event) => !events.includes(event));
    return [
      ...extra.map((event) => `webhooks.${event} is no event`),
      ...events.flatMap((event) => {
        const body = jsonBodyOf(webhooks[event]?.post ?? {});
        const properties = propertiesOf(body);
        const type = (body?.properties as Record<string, { const?: unknown }> | undefined)?.type?.const;
        return ['id', 'type', 'created_at', 'company_id', 'data'].every((key) => properties.has(key)) &&
          type === event
          ? []
          : [`webhooks.${event}: no POST body {id, type: "${event}", created_at, company_id, data}`];
      }),
    ];
  },

  /**
   * Every operation whose body moves a `status` along one of `graphs` documents the graph
   * (`x-status-graph`, each move in its description) and `allowed_statuses` in its 422.
   */
  undocumentedMoves(doc: object, graphs: readonly Readonly<Record<string, readonly string[]>>[]): string[] {
    return operationsOf(doc).flatMap(({ method, path, operation }) => {
      const statuses = statusEnumsOf(jsonBodyOf(operation));
      const graph = graphs.find((g) =>
        statuses.some((list) => list.length === Object.keys(g).length && list.every((s) => s in g)),
      );
      if (!graph) return [];
      const where = `${method} ${path}`;
      const edges = Object.entries(graph).map(([from, to]) => `${from} → ${to.join(', ')}`);
      const refusal = operation.responses?.['422']?.description ?? '';
      return [
        JSON.stringify(operation['x-status-graph']) === JSON.stringify(graph)
          ? undefined
          : `${where}: no x-status-graph`,
        edges.every((edge) => operation.description?.includes(edge)) ? undefined : `${where}: no graph`,
        refusal.includes('allowed_statuses') && edges.every((edge) => refusal.includes(edge))
          ? undefined
          : `${where}: its 422 names neither allowed_statuses nor the graph`,
      ].filter((problem): problem is string => problem !== undefined);
    });
  },

  /**
   * Operations that name the bearer token and a cookie scheme: Schemathesis sends every scheme an
   * operation names, alternatives included, and the server refuses a token with a cookie (400).
   */
  combinedCredentials(doc: object): string[] {
    const schemes =
      (doc as { components?: { securitySchemes?: Record<string, { type: string; in?: string }> } }).components
        ?.securitySchemes ?? {};
    return operationsOf(doc)
      .filter(({ operation }) => {
        const named = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
        return (
          named.some((name) => schemes[name]?.type === 'http') &&
          named.some((name) => schemes[name]?.in === 'cookie')
        );
      })
      .map(({ method, path }) => `${method} ${path} names the bearer token and a cookie`);
  },
};

/** Throws unless `body` is what the document's `webhooks` says a delivery of `event` POSTs. */
export function expectDocumentedWebhook(doc: object, event: string, body: unknown): void {
  const pointer = ['webhooks', event, 'post', 'requestBody', 'content', 'application/json', 'schema']
    .map(pointerPart)
    .join('/');
  const validate = validatorFor(doc, `#/${pointer}`);
  if (!validate) throw new Error(`The document has no webhook ${event}`);
  if (!validate(body)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`);
    throw new Error(`A ${event} delivery does not match the document: ${problems.join('; ')}`);
  }
}

interface Operation {
  description?: string;
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string }>;
  security?: Record<string, string[]>[];
  'x-status-graph'?: unknown;
}
type JsonSchema = Record<string, unknown>;

const pathsOf = (doc: object) =>
  ((doc as { paths?: Record<string, Record<string, Operation>> }).paths ?? {}) as Record<
    string,
    Record<string, Operation>
  >;

function operationsOf(doc: object): { method: string; path: string; operation: Operation }[] {
  return Object.entries(pathsOf(doc)).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

const jsonBodyOf = (operation: Operation) => operation.requestBody?.content?.['application/json']?.schema;

const headerOf = (operation: Operation, name: string) =>
  operation.parameters?.find((p) => p.in === 'header' && p.name.toLowerCase() === name.toLowerCase());

/** The properties a body schema names, its branches' included (`anyOf`, `oneOf`, `allOf`). */
function propertiesOf(schema: JsonSchema | undefined): Set<string> {
  const names = new Set<string>();
  const visit = (s: unknown) => {
    if (!s || typeof s !== 'object') return;
    const { properties, anyOf, oneOf, allOf } = s as Record<string, unknown>;
    for (const name of Object.keys((properties as object | undefined) ?? {})) names.add(name);
    for (const branch of [anyOf, oneOf, allOf].flat()) visit(branch);
  };
  visit(schema);
  return names;
}

/** The enums of a body's `status` property, in any branch. */
function statusEnumsOf(schema: JsonSchema | undefined): string[][] {
  const found: string[][] = [];
  const visit = (s: unknown) => {
    if (!s || typeof s !== 'object') return;
    const { properties, anyOf, oneOf, allOf } = s as Record<string, unknown>;
    const status = (properties as Record<string, { enum?: string[] }> | undefined)?.status;
    if (status?.enum) found.push(status.enum);
    for (const branch of [anyOf, oneOf, allOf].flat()) visit(branch);
  };
  visit(schema);
  return found;
}

/** Each schema of the document and where it is: parameters, bodies, answers, webhooks, components. */
function schemasOf(doc: object): { where: string; schema: object }[] {
  const found: { where: string; schema: object }[] = [];
  walk(doc, '', (value, where) => {
    const schema = (value as { schema?: unknown }).schema;
    if (schema && typeof schema === 'object' && !where.startsWith('/components')) {
      found.push({ where: `${where}/schema`, schema });
    }
  });
  const components = (doc as { components?: { schemas?: Record<string, object> } }).components?.schemas;
  for (const [name, schema] of Object.entries(components ?? {}))
    found.push({ where: `/components/schemas/${pointerPart(name)}`, schema });
  return found;
}

/** Calls `visit` on every object of `value`, with its JSON pointer. */
function walk(value: unknown, where: string, visit: (value: object, where: string) => void): void {
  if (!value || typeof value !== 'object') return;
  visit(value, where);
  for (const [key, child] of Object.entries(value)) walk(child, `${where}/${pointerPart(key)}`, visit);
}
