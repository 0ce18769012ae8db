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
    .map((part) => encodeURIComponent(part.replaceAll('~', '~0').replaceAll('/', '~1')))
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
