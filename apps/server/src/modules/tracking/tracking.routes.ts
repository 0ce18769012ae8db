import { ErrorBodySchema } from '@adstudio/contract';
import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TrackerHit } from './tracking.service';
import { CLICK_PATH, CONVERSION_PATH, IMPRESSION_PATH } from './tracking-links';

const tags = ['tracking'];
/** A 1×1 transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Anything malformed reads as absent: a tracker decides by the signature, never answers 422. */
const param = (description: string) => z.string().max(100).optional().catch(undefined).describe(description);
const TrackerQuerySchema = z.object({
  v: param(
    'The view: `{campaign}.{creative}.{rule}.{p|l|h}[.{tag}]`, rule 0 for a creative without feed, the ad ' +
      'tag that served it when one did; `p` marks a ' +
      'preview, which is never counted.',
  ),
  s: param('The signature of `v`, made by the server when it rendered the creative.'),
});

/** The trackers answer anything but JSON on success; their answers are declared as they are sent. */
const impressionAnswers: FastifySchema['response'] = {
  200: {
    description:
      'A 1×1 transparent GIF, whether or not the view was counted (a tracker never breaks a page).',
    content: { 'image/gif': { schema: z.string() } },
  },
};
const clickAnswers: FastifySchema['response'] = {
  302: z.null().describe('Counted: redirect (Location) to the exit URL of the rule, else of the creative.'),
  404: ErrorBodySchema.describe(
    'Forged or missing signature, a creative or rule that is gone, or no http(s) exit URL.',
  ),
};

const hitOf = (
  request: Pick<FastifyRequest, 'headers' | 'method'> & { query: z.infer<typeof TrackerQuerySchema> },
): TrackerHit => ({
  v: request.query.v,
  s: request.query.s,
  userAgent: request.headers['user-agent'],
  head: request.method === 'HEAD',
});

/**
 * Impression and click tracking (docs/design.md §9). Public and outside the per-user rate limit:
 * every ad view calls them, and the signed parameter set is their only authority.
 */
export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tracking: service, conversions } = app.services;
  const config = { public: true, rateLimit: false } as const;

  app.get(
    IMPRESSION_PATH,
    {
      config,
      schema: {
        tags,
        operationId: 'trackImpression',
        summary: 'Count an impression (tracking pixel)',
        description:
          'Counts an impression of the signed view unless it is a preview or the user agent is a bot; ' +
          'a forged or missing signature is answered the same but not counted.',
        querystring: TrackerQuerySchema,
        response: impressionAnswers,
      },
    },
    async (request, reply) => {
      service.impression(hitOf(request));
      return reply
        .header('content-type', 'image/gif')
        .header('cache-control', 'no-store, max-age=0')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(PIXEL);
    },
  );

  app.get(
    CLICK_PATH,
    {
      config,
      schema: {
        tags,
        operationId: 'trackClick',
        summary: 'Count a click and go to the exit URL',
        description:
          "Counts a click of the signed view (not of previews or bots) and redirects to the rule's exit " +
          "column (`Exit_URL`, however spelled), else to the creative's click URL; http(s) only.",
        querystring: TrackerQuerySchema,
        response: clickAnswers,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.redirect(await service.click(hitOf(request)), 302);
    },
  );

  app.get(
    CONVERSION_PATH,
    {
      // An advertiser's page calls it: it sets no cookie, not even the XSRF one.
      config: { ...config, cookieless: true },
      schema: {
        tags,
        operationId: 'trackConversion',
        summary: 'Report a conversion (pixel)',
        description:
          'Counts a conversion of the click whose id the click tracker passed to the exit URL, with ' +
          'its value if given, once per click id and within the conversion window; sets no cookie. ' +
          'Anything else is answered the same, uncounted.',
        querystring: z.object({
          click: z.string().max(200).optional().catch(undefined).describe('The click id.'),
          value: z.string().max(30).optional().catch(undefined).describe('The conversion’s value.'),
        }),
        response: impressionAnswers,
      },
    },
    async (request, reply) => {
      await conversions.pixel(request.query.click, request.query.value);
      return reply
        .header('content-type', 'image/gif')
        .header('cache-control', 'no-store, max-age=0')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(PIXEL);
    },
  );
};
