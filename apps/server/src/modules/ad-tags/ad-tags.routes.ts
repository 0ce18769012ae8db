import {
  AdTagCreateSchema,
  AdTagListItemSchema,
  AdTagSchema,
  itemResponse,
  SimulationContextSchema,
  TagTrialSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { idParam } from '../../lib/params';
import {
  forbiddenAnswer as errors,
  idParams,
  listOf,
  noContent,
  refusedAnswer,
} from '../../lib/route-schemas';
import { chosenEncoding } from '../../plugins/compress-small';
import { sendRenderFile } from '../render';
import type { Served, Viewer } from './ad-serving';
import { clickRest } from './snippets';

const tags = ['ad tags'];
const tagParams = z.object({ id: idParam, tagId: idParam });
/** A malformed token reads as none: 404 like an unknown one, never 422. */
const tokenParams = z.object({ token: z.string().max(200).catch('') });

/** Anything malformed reads as absent: a served tag decides without it, never answers 422. */
const optional = (max: number, description: string) =>
  z.string().max(max).optional().catch(undefined).describe(description);
const ServeQuerySchema = z
  .object({
    click: optional(
      2048,
      "The ad server's click URL (its click macro): the variant's clickTag is this URL followed by our " +
        "click tracker, as is or URL-encoded as the tag's ad server reads it (docs/api.md, Ad tags). " +
        'An ad server that fills its macro unescaped has `click` last, read to the end of the URL. ' +
        'Only an absolute http(s) URL of at most 1024 printable characters is used; `generic` tags ' +
        'ignore it.',
    ),
    tz: optional(100, "The viewer's time zone (IANA, e.g. Europe/Paris), which the JS tag sends; else UTC."),
    cb: optional(100, 'A cache-buster (the ad server fills it); not read.'),
  })
  .catchall(z.string().max(500).catch(''))
  .describe('Other parameters are the ad call’s, which conditions read as `param:<name>`.');

/**
 * Ad tags (the ad tags issue, DESIGN section 11): a creative's placements in the back office, and
 * their public, cookie-less serving on the render origin.
 */
export const adTagsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adTags: service, adServing: serving, tagTrial } = app.services;
  const read = { preHandler: app.requireAccess('creatives', 'read') };
  const write = { preHandler: app.requireAccess('creatives', 'write') };
  const { countryHeader, regionHeader } = app.config.geo;

  app.get(
    '/v1/creatives/:id/tags',
    {
      ...read,
      schema: {
        tags,
        summary: "List a creative's ad tags, revoked ones too, oldest first",
        description:
          'Each tag with `impressions_7d` and `clicks_7d`: what it served over the last seven UTC days, ' +
          'today included (counted when the stats buffer flushes, every few seconds).',
        params: idParams,
        response: { 200: listOf(AdTagListItemSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.list(currentUser(request), request.params.id) }),
  );

  app.post(
    '/v1/creatives/:id/tags',
    {
      ...write,
      schema: {
        tags,
        summary: 'Create an ad tag: a placement of the creative, optionally for a publisher',
        description:
          'Answers the tag with its snippets: `js` (a script that writes a sandboxed iframe with the ' +
          "viewer's time zone) and `iframe` (at the creative's size), both with the click and " +
          'cache-buster macros of its `ad_server` (Google Ad Manager when absent; `generic`: none; ' +
          'docs/api.md lists them). A tag for a publisher serves only what they approved, when the ' +
          'campaign asked them.',
        params: idParams,
        body: AdTagCreateSchema,
        response: { 201: itemResponse(AdTagSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await service.create(currentUser(request), request.params.id, request.body) }),
  );

  app.delete(
    '/v1/creatives/:id/tags/:tagId',
    {
      ...write,
      schema: {
        tags,
        summary: 'Revoke an ad tag: its token answers 410 from now on',
        params: tagParams,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.revoke(currentUser(request), request.params.id, request.params.tagId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/creatives/:id/tags/:tagId/try',
    {
      ...read,
      schema: {
        tags,
        summary: 'What an ad tag serves in a simulated context ("Try it"), and why',
        description:
          'The decision `/serve` makes — a variant, the fallback or nothing, on the same compiled ' +
          'rules — for a chosen country, region, moment and data source values, with the simulator’s ' +
          'trace of the feed and a render of the variant. Counts nothing.',
        params: tagParams,
        body: SimulationContextSchema,
        response: {
          200: itemResponse(TagTrialSchema),
          ...refusedAnswer('The context is invalid.'),
          ...errors,
        },
      },
    },
    async (request) => ({
      data: await tagTrial(currentUser(request), request.params.id, request.params.tagId, request.body),
    }),
  );

  // Serving: public, no session and no cookie; the token is the credential. Ad traffic, like the
  // trackers', is outside the per-IP ceiling (a CDN's address carries many viewers); a known tag is
  // served whatever its address missed before, and only further misses meet the miss limit.
  const config = {
    public: true,
    session: false,
    cookieless: true,
    rateLimit: false,
    tokenParam: 'token',
    servesKnownTokens: true,
  } as const;
  const send = (reply: Parameters<typeof sendRenderFile>[0], served: Served) => {
    if (served.ruleId !== undefined) reply.header('x-rule-id', String(served.ruleId));
    // A variant's document is gzipped by the service (compress-small leaves an encoded answer alone).
    if (served.file === 'index.html') reply.header('vary', 'Accept-Encoding');
    if (served.encoding) reply.header('content-encoding', served.encoding);
    return sendRenderFile(reply, served.file, served.body.length, served.body, 'no-store');
  };
  const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);
  /** The raw text after `click=`: an unescaped click URL, its own `&`s included (snippets.ts). */
  const restOfClick = (url: string) => {
    const at = url.indexOf('?');
    return at === -1 ? undefined : clickRest(url.slice(at + 1));
  };

  app.get(
    '/serve/:token.js',
    {
      config,
      schema: {
        tags,
        summary: "An ad tag's script: writes a sandboxed iframe of its document",
        description:
          "Inserts, where the script stands, an iframe of `/serve/{token}` at the creative's size, with " +
          "the browser's time zone, a cache-buster and the given click URL. Cookie-less, `no-store`.",
        params: tokenParams,
        querystring: ServeQuerySchema,
        response: {
          200: {
            description: 'The script.',
            content: { 'text/javascript': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await serving.loader(request.params.token, {
          click: request.query.click,
          clickRest: restOfClick(request.url),
        }),
      ),
  );

  app.get(
    '/serve/:token',
    {
      config,
      schema: {
        tags,
        summary: "An ad tag's document: the variant chosen for this viewer",
        description:
          'A live creative with an approved package serves the variant rule selection chooses from the ' +
          `viewer's country and region (the \`${countryHeader}\` and \`${regionHeader}\` headers), time ` +
          'zone (`tz`) and data sources; `X-Rule-Id` names the rule (absent without one). Otherwise ' +
          'the fallback image, else a 1×1 GIF. Under the render sandbox, cookie-less, `no-store`.',
        params: tokenParams,
        querystring: ServeQuerySchema,
        response: {
          200: {
            description: 'The variant’s document, the fallback’s, or a 1×1 transparent GIF.',
            content: {
              'text/html': { schema: z.string() },
              'image/gif': { schema: z.string() },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const viewer: Viewer = {
        country: header(request.headers[countryHeader]),
        region: header(request.headers[regionHeader]),
        timeZone: query.tz,
        click: query.click,
        clickRest: restOfClick(request.url),
        query,
        userAgent: request.headers['user-agent'],
        head: request.method === 'HEAD',
        gzip: chosenEncoding(request.headers['accept-encoding']) === 'gzip',
      };
      return send(reply, await serving.serve(request.params.token, viewer));
    },
  );
};
