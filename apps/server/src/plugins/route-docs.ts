import {
  DYNAMIC_CODE_MOVES,
  ErrorBodySchema,
  ServerErrorBodySchema,
  STATUS_TRANSITIONS,
  UpdatedAtSchema,
  ValidationErrorBodySchema,
} from '@adstudio/contract';
import type { FastifyContextConfig, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { needsXsrf, routeGuard, SESSION_COOKIE, takesBearer } from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The path parameter that carries a token link (docs/design.md §9), e.g. `'token'`: with
     * `public: true` the token is the route's only credential. Documented with 404 and 410.
     */
    tokenParam?: string;
  }
  interface FastifySchema {
    /** The graph an operation moves `status` along: each status → the statuses it may move to. */
    'x-status-graph'?: StatusGraph;
  }
}

type StatusGraph = Readonly<Record<string, readonly string[]>>;

/** The API's credentials (components.securitySchemes), named in every operation's `security`. */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The session cookie (HttpOnly) that `POST /auth/login` sets. Every operation that names `bearer` ' +
      'takes it instead (with `xsrf` where it writes); those operations name only `bearer`, because ' +
      'tools send every scheme an operation names and a request with both is refused (400).',
  },
  xsrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description:
      'The URL-decoded value of the `XSRF-TOKEN` cookie, which every answer sets (e.g. ' +
      '`GET /sanctum/csrf-cookie`). Needed on state-changing requests.',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal access token, `{id}|{secret}` (`POST /v1/user/tokens`), instead of the session ' +
      'cookie: no XSRF header. A `read` token may only read (403 on a write); never with a session ' +
      'cookie (400).',
  },
} as const;
type Scheme = keyof typeof SECURITY_SCHEMES;

/** Path parameters that name a row: a bad or unknown one answers 404 (docs/design.md §4). */
const ID_PARAM = /^(id|[a-z][A-Za-z0-9]*Id)$/;

const error = (description: string) => ErrorBodySchema.describe(description);
/** The API's routes (the session plugin's pattern). */
const API_ROUTE = /^\/(v1|vapor)\//;

const ANSWERS = {
  400: error('The body is not well-formed (e.g. broken JSON).'),
  401: error('Not signed in: `{"message":"Unauthenticated."}`.'),
  404: error('Not found, or not visible to this user.'),
  410: error('The token link was revoked or has expired.'),
  413: error('The body is larger than the server accepts.'),
  415: error('The body has a content type this route does not read.'),
  419: {
    session: error('The session has expired.'),
    xsrf: error('CSRF token mismatch: `X-XSRF-TOKEN` does not echo the `XSRF-TOKEN` cookie.'),
    both: error('The session has expired, or CSRF token mismatch (`X-XSRF-TOKEN` missing or wrong).'),
  },
  422: ValidationErrorBodySchema.describe(
    'Invalid input: `errors` maps each field to its messages (a refusal of the whole item: `id`).',
  ),
  429: error('Too many requests; retry after the seconds in the Retry-After header.'),
  500: ServerErrorBodySchema.describe('Unexpected failure, logged under `request_id`.'),
  bearer400: error('Broken body, or a bearer token sent with a session cookie (send one of the two).'),
  bearer403: error('A permission is missing, or the bearer token has the read ability only.'),
  twoFactor403: error(
    'The company requires two-factor sign-in and the user has not set it up: only its set-up is open.',
  ),
};

const STATE_CHANGING_GET_NOTE =
  'A GET that changes state (as the spec names it): because a link or an image could trigger it, ' +
  'it needs the `X-XSRF-TOKEN` header like a write (419 without), and its answer is never cached ' +
  '(`Cache-Control: no-store`).';
const VERSION_NOTE =
  'Send the `updated_at` the change is based on, in the body or as `If-Match`: when the item changed ' +
  'since, the answer is 409 and nothing is written. Without either the change is unconditional.';
const PATCH_NOTE = {
  PUT: "`PATCH` on the same path is the same call (as Laravel's resource routes answer both).",
  PATCH: "The same call as `PUT` on the same path (as Laravel's resource routes answer both).",
};

/** The status graphs of the contract; a body whose `status` takes one's statuses moves along it. */
const STATUS_GRAPHS: readonly StatusGraph[] = [STATUS_TRANSITIONS, DYNAMIC_CODE_MOVES];

/**
 * The `If-Match` header a versioned write takes in place of the body's `updated_at`: the timestamp
 * bare, quoted (`"…"`) or weak (`W/"…"`), as contract's ifMatchValue reads it; empty is none.
 */
const IF_MATCH_PATTERN = (() => {
  const at = z.toJSONSchema(UpdatedAtSchema).pattern!.replace(/^\^|\$$/g, '');
  return `^\\s*(?:(?:W/)?"(?:${at})"|(?:${at}))?\\s*$`;
})();
const VERSION_HEADERS = z.object({
  'If-Match': z
    .string()
    .regex(new RegExp(IF_MATCH_PATTERN))
    .optional()
    .describe(
      'The `updated_at` the change is based on, e.g. `"2026-01-01T00:00:00.000Z"`, in place of the ' +
        "body's `updated_at` (which wins when both are sent): 409 when the item changed since.",
    ),
});

/** What the document is made from: a route as registered (an `onRoute` hook's options fit). */
export interface DocumentedRoute {
  method: string | readonly string[];
  url: string;
  config?: FastifyContextConfig;
  schema?: FastifySchema;
}

/**
 * The answers every route of its kind can give, from its guard, config and schema; the route's own
 * `schema.response` adds what is specific to it (its successes, 403, 409) and wins on a clash.
 */
export function defaultAnswers(method: string, route: DocumentedRoute): Record<number, z.ZodType> {
  const guard = routeGuard(route.url, route.config);
  const schema = route.schema ?? {};
  const params = paramNames(route.url);
  const session = !guard.public;
  const xsrf = needsXsrf(guard, method);
  const answers: Record<number, z.ZodType> = { 500: ANSWERS[500] };
  // Outside the per-IP ceiling, a token route still answers 429 to an address that missed too often.
  if (route.config?.rateLimit !== false || route.config?.tokenParam) answers[429] = ANSWERS[429];
  if (session) answers[401] = ANSWERS[401];
  if (session || xsrf) answers[419] = ANSWERS[419][session && xsrf ? 'both' : session ? 'session' : 'xsrf'];
  if (schema.body) Object.assign(answers, { 400: ANSWERS[400], 413: ANSWERS[413], 415: ANSWERS[415] });
  if (schema.body || schema.querystring || schema.headers || canReject(schema.params))
    answers[422] = ANSWERS[422];
  if (params.some((name) => ID_PARAM.test(name))) answers[404] = ANSWERS[404];
  if (route.config?.tokenParam) Object.assign(answers, { 404: ANSWERS[404], 410: ANSWERS[410] });
  if (takesBearer(route.url, guard)) {
    answers[400] = ANSWERS.bearer400;
    // A route's own 403 (a missing permission) wins; a token's refusal is one too.
    const sessionOnly = route.config?.sessionOnly;
    if (sessionOnly) answers[403] = error(`A bearer token is refused: "${sessionOnly}"`);
    else if (xsrf) answers[403] = ANSWERS.bearer403;
  }
  // A session whose company requires two-factor sign-in, not set up yet, reaches its set-up only.
  if (session && API_ROUTE.test(route.url) && !route.config?.twoFactorSetup)
    answers[403] ??= ANSWERS.twoFactor403;
  return answers;
}

/** Whether a bearer token may call the route (the session plugin's rule): not a session-only one. */
const documentsBearer = (route: DocumentedRoute, guard: { public: boolean }) =>
  takesBearer(route.url, guard) && !route.config?.sessionOnly;

/**
 * Who may call the route, as an OpenAPI security requirement (`[]`: anyone, e.g. a public token
 * route, whose token in the path is no scheme OpenAPI can name). API routes name the bearer token
 * only: tools that read `security` (Schemathesis, generated clients) send every scheme an operation
 * names, alternatives included, and the server refuses a token with a cookie (400).
 */
export function securityOf(method: string, route: DocumentedRoute): Record<string, string[]>[] {
  const guard = routeGuard(route.url, route.config);
  const schemes: Scheme[] = [];
  if (!guard.public) schemes.push('session');
  if (needsXsrf(guard, method)) schemes.push('xsrf');
  if (schemes.length === 0) return [];
  // A script's bearer token on the API (but where credentials are made: tokens, webhooks, the
  // password), or the session (SECURITY_SCHEMES says so): not both, as tools send every one named.
  if (documentsBearer(route, guard)) return [{ bearer: [] }];
  return [Object.fromEntries(schemes.map((name) => [name, []]))];
}

/**
 * A stable operationId from method and path, without the version segment:
 * `GET /v1/campaigns/:id/report/links` → `getCampaignsByIdReportLinks`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment, index) => segment !== '' && !(index === 1 && /^v\d+$/.test(segment)))
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1).replace(/\(.*$/, '')}` : segment))
    .map((segment) => (segment === '*' ? 'any' : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/** The route's schema, completed for the document and for serializing its error answers. */
export function documentRoute(route: DocumentedRoute): FastifySchema {
  const methods = [route.method].flat();
  if (methods.length !== 1) {
    throw new Error(
      `${route.url}: register one route per method, so each operation gets its own operationId`,
    );
  }
  const method = methods[0]!;
  const { hide: _hidden, ...schema } = route.schema ?? {};
  const move = statusMoveOf(schema.body);
  const notes = [
    route.config?.tokenParam
      ? `Authorized by the token in the path (\`{${route.config.tokenParam}}\`), not by a session.`
      : undefined,
    method === 'GET' && route.config?.xsrf === 'always' ? STATE_CHANGING_GET_NOTE : undefined,
    bodyTakesVersion(schema.body) ? VERSION_NOTE : undefined,
    isUpdate(method, route.url) ? (method === 'PATCH' ? PATCH_NOTE.PATCH : PATCH_NOTE.PUT) : undefined,
    move ? moveNote(move) : undefined,
  ].filter(Boolean);
  const response: Record<string, unknown> = {
    ...defaultAnswers(method, route),
    ...(schema.response as object | undefined),
  };
  if (move && response[422] instanceof z.ZodType) response[422] = withRefusedMove(response[422], move);
  return {
    ...schema,
    operationId: schema.operationId ?? operationIdOf(method, route.url),
    security: schema.security ?? securityOf(method, route),
    ...(notes.length > 0 ? { description: [schema.description, ...notes].filter(Boolean).join('\n\n') } : {}),
    ...(move ? { 'x-status-graph': move.graph } : {}),
    response,
  };
}

/**
 * An API update: app.ts registers each `/v1/` PUT again as PATCH (hidden, as a copy); the document
 * lists that PATCH as an operation of its own, so Schemathesis and generated clients see it.
 */
const isUpdate = (method: string, url: string) =>
  (method === 'PUT' || method === 'PATCH') && url.startsWith('/v1/');

/** Headers the document adds to a route's operation without the route validating them (If-Match). */
export function documentedHeaders(route: DocumentedRoute): z.ZodObject | undefined {
  return takesVersion(route) ? VERSION_HEADERS : undefined;
}

interface StatusMove {
  graph: StatusGraph;
  /** A bulk action moves many items and refuses a move per item, in its results, not with 422. */
  bulk: boolean;
}

/** The graph a body's `status` moves along: a field of the body, or of one action of a bulk body. */
function statusMoveOf(body: unknown): StatusMove | undefined {
  const shape = innermost(body);
  if (shape instanceof z.ZodObject) {
    const graph = graphOf(shape.shape.status);
    return graph && { graph, bulk: false };
  }
  if (!(shape instanceof z.ZodUnion)) return undefined;
  for (const option of shape.options) {
    const action = innermost(option);
    const graph = action instanceof z.ZodObject ? graphOf(action.shape.status) : undefined;
    if (graph) return { graph, bulk: true };
  }
  return undefined;
}

function graphOf(field: unknown): StatusGraph | undefined {
  const statuses = innermost(field);
  if (!(statuses instanceof z.ZodEnum)) return undefined;
  const values = new Set(statuses.options.map(String));
  return STATUS_GRAPHS.find(
    (graph) => Object.keys(graph).length === values.size && Object.keys(graph).every((s) => values.has(s)),
  );
}

const edgesOf = (graph: StatusGraph) =>
  Object.entries(graph)
    .map(([from, to]) => `${from} → ${to.join(', ')}`)
    .join('; ');

function moveNote({ graph, bulk }: StatusMove): string {
  return bulk
    ? `\`status\` moves each item along this graph (also \`x-status-graph\`): ${edgesOf(graph)}. Each ` +
        "item's `allowed_statuses` names the moves open to you; an item whose move it does not list " +
        'is refused in the results, with a message naming the allowed moves, not with 422.'
    : `\`status\` moves along this graph (also \`x-status-graph\`): ${edgesOf(graph)}. The item's ` +
        '`allowed_statuses` names the moves open to you now; another move is refused with 422 on ' +
        '`status`.';
}

/** The 422 of a status-moving operation, saying how a move off the graph is refused. */
function withRefusedMove(answer: z.ZodType, { graph, bulk }: StatusMove): z.ZodType {
  const refusal = bulk
    ? "A status move that an item's `allowed_statuses` does not list is no 422 here: that item is " +
      'refused in the results.'
    : "A status move that the item's `allowed_statuses` does not list is refused here, on " +
      '`errors.status` (a user who may make no move at all gets 403).';
  return answer.describe(`${answer.description ?? ''} ${refusal} The graph: ${edgesOf(graph)}.`.trim());
}

/**
 * Completes every documented route as it is registered, so a route added later is documented
 * without anyone remembering: an operationId, its security and the answers its guard, rate limit
 * and validation can give. Must be registered before the routes.
 */
export const routeDocsPlugin = fp(
  async (app) => {
    const operations = new Map<string, string>();
    app.addHook('onRoute', (route) => {
      // An update's PATCH copy is registered hidden (app.ts) and documented here all the same.
      if (route.schema?.hide && !(route.method === 'PATCH' && isUpdate('PATCH', route.url))) return;
      route.schema = documentRoute(route);
      // Fastify copies a GET route as HEAD, which the document leaves out.
      if (route.method === 'HEAD') return;
      const id = route.schema.operationId!;
      const where = `${route.method} ${route.url}`;
      const taken = operations.get(id);
      if (taken && taken !== where)
        throw new Error(`operationId ${id} of ${where} is already used by ${taken}`);
      operations.set(id, where);
    });
  },
  { name: 'route-docs', dependencies: ['errors', 'security', 'session'] },
);

/** Whether a body schema carries the version an edit is based on (`updated_at`). */
function bodyTakesVersion(body: unknown): boolean {
  const schema = innermost(body);
  return schema instanceof z.ZodObject && 'updated_at' in schema.shape;
}

/**
 * Whether a route writes to an item (an id in its path) with its version in the body, which
 * `If-Match` may carry instead. A create shares its body with the edit at times, but has no version.
 */
const takesVersion = (route: DocumentedRoute): boolean =>
  paramNames(route.url).some((name) => ID_PARAM.test(name)) && bodyTakesVersion(route.schema?.body);

/** A schema through the wrappers it may have (optional, nullable, default, a transform's input). */
function innermost(schema: unknown): unknown {
  for (let depth = 0; depth < 5 && schema instanceof z.ZodType; depth++) {
    const def = schema.def as { innerType?: unknown; in?: unknown };
    const inner = def.innerType ?? def.in;
    if (inner === undefined) return schema;
    schema = inner;
  }
  return schema;
}

function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

/** Whether a params schema can refuse a path: a `.catch()` or a bare string never does. */
function canReject(params: unknown): boolean {
  if (params === undefined) return false;
  if (!(params instanceof z.ZodObject)) return true;
  return Object.values(params.shape as Record<string, z.ZodType>).some((field) => {
    if (field instanceof z.ZodCatch) return false;
    if (field instanceof z.ZodString) return field.format !== null || (field.def.checks?.length ?? 0) > 0;
    return true;
  });
}
