import { STATUS_CODES } from 'node:http';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SECURITY_SCHEMES } from './route-docs';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type JsonSchema = Record<string, unknown>;

/** Answers without a body: what a route declares as `z.null()`, and every 204. */
const hasNoBody = (status: string, schema: JsonSchema) => status === '204' || schema.type === 'null';

/**
 * The zod schemas as JSON Schema, then each answer's description (its own, else the status text),
 * and no content at all for an answer without a body.
 */
const transform: Transform = (input) => {
  const result = jsonSchemaTransform(input);
  const responses = (result.schema as { response?: Record<string, JsonSchema> } | undefined)?.response;
  for (const [status, schema] of Object.entries(responses ?? {})) {
    const description = (schema.description as string | undefined) ?? STATUS_CODES[status] ?? status;
    responses![status] = hasNoBody(status, schema)
      ? { type: 'null', description }
      : { ...schema, 'x-response-description': description };
  }
  return result;
};

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
            'JSON API of Adstudio. Signed-in routes need the session cookie; state-changing requests ' +
            'also need `X-XSRF-TOKEN`. Errors answer `{message, errors?}` (DESIGN section 4).',
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        // Relative: the API is wherever this document is served from (APP_URL, a proxy, a test).
        servers: [{ url: '/', description: 'The server that serves this document' }],
        components: { securitySchemes: SECURITY_SCHEMES },
      },
      transform,
    });
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  },
  { name: 'swagger' },
);
