import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createBusyPoll } from '../../lib/busy-poll';
import { HttpError } from '../../lib/http-errors';
import type { DecisionOutcome } from '../../lib/metrics';
import { chosenEncoding } from '../../plugins/compress-small';
import { sendRenderFile } from '../render';
import type { Served, Viewer } from './ad-serving';
import { clickRest } from './snippets';

/** Served tags are documented beside the tags they serve. */
const tags = ['ad tags'];

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
 * Serving ad tags (docs/design.md §11): a tag's public, cookie-less document and
 * script on the render origin.
 */
export const servingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adServing: serving } = app.services;
  const { countryHeader, regionHeader } = app.config.geo;

  // SERVE_POLL_MS: the loop stays awake that long after each served request (decision 0149).
  if (app.config.servingPollMs > 0) {
    const poll = createBusyPoll(app.config.servingPollMs);
    app.addHook('onRequest', (_request, _reply, done) => {
      poll.touch();
      done();
    });
    app.addHook('onClose', async () => poll.stop());
  }

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
      const started = performance.now();
      // A failure other than an unknown or revoked tag is no decision (the request metrics count it).
      let outcome: DecisionOutcome | undefined;
      try {
        const served = await serving.serve(request.params.token, viewer);
        outcome = OUTCOMES[served.file] ?? 'nothing';
        return send(reply, served);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) outcome = 'not_found';
        if (error instanceof HttpError && error.statusCode === 410) outcome = 'revoked';
        throw error;
      } finally {
        if (outcome) app.metrics.decision(outcome, (performance.now() - started) / 1000);
      }
    },
  );
};

/** What each served file is, as the metrics count decisions. */
const OUTCOMES: Partial<Record<Served['file'], DecisionOutcome>> = {
  'index.html': 'variant',
  'fallback.html': 'fallback',
  'empty.gif': 'nothing',
};
