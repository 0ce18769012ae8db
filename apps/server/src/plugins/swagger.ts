import { STATUS_CODES } from 'node:http';
import { WEBHOOK_DELIVERED_EVENTS, WEBHOOK_EVENT_BODIES, WEBHOOK_PING } from '@adstudio/contract';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentedHeaders, SECURITY_SCHEMES } from './route-docs';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;
type JsonSchema = Record<string, unknown>;
type OpenApi31 = Extract<NonNullable<FastifyDynamicSwaggerOptions['openapi']>, { webhooks?: unknown }>;

/** Answers without a body: what a route declares as `z.null()`, and every 204. */
const hasNoBody = (status: string, schema: JsonSchema) => status === '204' || schema.type === 'null';

/**
 * The zod schemas as JSON Schema, then each answer's description (its own, else the status text),
 * and no content at all for an answer without a body.
 */
const transform: Transform = (input) => {
  const headers = documentedHeaders(input.route);
  const result = jsonSchemaTransform(headers ? { ...input, schema: { ...input.schema, headers } } : input);
  const responses = (result.schema as { response?: Record<string, JsonSchema> } | undefined)?.response;
  for (const [status, schema] of Object.entries(responses ?? {})) {
    const description = (schema.description as string | undefined) ?? STATUS_CODES[status] ?? status;
    responses![status] = hasNoBody(status, schema)
      ? { type: 'null', description }
      : { ...schema, 'x-response-description': description };
  }
  return result;
};

/**
 * zod writes a tuple as `prefixItems` with `items: false` beside `maxItems`; the `maxItems` says it
 * alone, and Schemathesis refused the operations whose answers held one (the history's changes).
 */
function withoutClosedItems(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutClosedItems);
  if (value === null || typeof value !== 'object') return value;
  const schema = value as JsonSchema;
  const closedTuple =
    schema.items === false &&
    Array.isArray(schema.prefixItems) &&
    schema.maxItems === schema.prefixItems.length;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !(closedTuple && key === 'items'))
      .map(([key, child]) => [key, withoutClosedItems(child)]),
  );
}

const transformObject: TransformObject = (document) =>
  'openapiObject' in document
    ? (withoutClosedItems(document.openapiObject) as typeof document.openapiObject)
    : document.swaggerObject;

const WEBHOOK_HEADERS = [
  ['X-Adstudio-Event', 'The event type, as `type` in the body.'],
  ['X-Adstudio-Delivery', "The event's id, as `id` in the body: the same on every retry and redelivery."],
  [
    'X-Adstudio-Signature',
    '`t={unix seconds},v1={hex HMAC-SHA256(secret, "{t}.{body}")}` (Stripe\'s scheme): verify the raw ' +
      'body with the secret shown when the webhook was made.',
  ],
] as const;

/**
 * Each event a webhook may subscribe to, and the test event, as the POST a delivery makes to its URL (OpenAPI 3.1
 * `webhooks`): the body from the contract, the headers, and what the receiver's answer means.
 */
const webhooks = Object.fromEntries(
  WEBHOOK_DELIVERED_EVENTS.map((event) => {
    const { $schema: _, ...schema } = z.toJSONSchema(WEBHOOK_EVENT_BODIES[event], { io: 'output' });
    const post = {
      operationId: `webhook${event.replace(/(^|[._])([a-z])/g, (_m, _s, letter: string) => letter.toUpperCase())}`,
      summary: `The ${event} event`,
      description: WEBHOOK_EVENT_BODIES[event].description ?? '',
      security: [],
      parameters: WEBHOOK_HEADERS.map(([name, description]) => ({
        name,
        in: 'header' as const,
        required: true,
        description,
        schema: { type: 'string' },
      })),
      requestBody: { required: true, content: { 'application/json': { schema } } },
      responses: {
        '200': { description: 'Any 2xx within 10 s takes the delivery.' },
        default: {
          description:
            event === WEBHOOK_PING
              ? 'Anything else, a timeout or a redirect (never followed) is shown to the admin who sent it; a test event is not retried.'
              : 'Anything else, a timeout or a redirect (never followed) is retried with backoff, in order: ' +
                '8 tries over about a day, then the webhook is turned off.',
        },
      },
    };
    return [event, { post }];
  }),
  // zod's JSON Schema output is JSON Schema 2020-12, what OpenAPI 3.1's schema objects are, but typed apart.
) as NonNullable<OpenApi31['webhooks']>;

/** OpenAPI generated from the routes' zod schemas, served at /docs (UI) and /docs/json. */
export const swaggerPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Adstudio API',
          version: '1.0.0',
          description:
            'JSON API of Adstudio. Signed-in routes need the session cookie (state-changing requests ' +
            'also `X-XSRF-TOKEN`) or, on the routes that name `bearer`, a personal access token instead ' +
            '— never both (400). Errors answer `{message, errors?}` (DESIGN section 4). `webhooks` ' +
            'describes the POSTs a webhook receives.',
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        // Relative: the API is wherever this document is served from (APP_URL, a proxy, a test).
        servers: [{ url: '/', description: 'The server that serves this document' }],
        components: { securitySchemes: SECURITY_SCHEMES },
        webhooks,
      },
      transform,
      transformObject,
    });
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  },
  { name: 'swagger' },
);
