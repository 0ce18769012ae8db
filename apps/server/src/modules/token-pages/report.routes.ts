import { CampaignReportSchema, itemResponse, ReportNewsSchema, ReportQuerySchema } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tokenRoute } from './token-route';

const params = z.object({ token: z.string().max(200) });

/**
 * The campaign report's API (the token pages issue): what `/externalreport/{token}` shows. The
 * token names one campaign and, optionally, the timeframe it may show.
 */
export const reportPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tokenLinks: links, reports } = app.services;

  app.get(
    '/v1/campaigns/externalreport/:token',
    {
      config: tokenRoute('token'),
      schema: {
        tags: ['token pages'],
        summary: "A shared campaign report: impressions, clicks and CTR for the link's timeframe",
        description:
          "start and end (YYYY-MM-DD, optional) are clamped to the link's timeframe (else the " +
          "campaign's dates); bounds says which. Each call is logged as a view.",
        params,
        querystring: ReportQuerySchema,
        response: { 200: itemResponse(CampaignReportSchema) },
      },
    },
    async (request) => {
      const link = await links.open('report', request.params.token, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      const scope = {
        companyId: link.company_id,
        campaignId: link.campaign_id,
        start: link.start_date,
        end: link.end_date,
      };
      return { data: await reports.report(scope, request.query) };
    },
  );

  app.get(
    '/v1/campaigns/externalreport/:token/new',
    {
      config: tokenRoute('token'),
      schema: {
        tags: ['token pages'],
        summary: "What changed in the shared campaign since the link's previous visit",
        description:
          "Creatives added, status moves of the campaign and its creatives, and publishers' decisions " +
          'since the link was last opened before this visit (views within 30 minutes are one visit; ' +
          "on a first visit, since the link's creation). Newest first. Not logged as a view.",
        params,
        response: { 200: itemResponse(ReportNewsSchema) },
      },
    },
    async (request) => {
      const link = await links.check('report', request.params.token);
      const since = (await links.previousVisit('report', link.id)) ?? link.created_at;
      return { data: await reports.news(link.company_id, link.campaign_id, since) };
    },
  );
};
