import { CampaignReportSchema, ReportNewsSchema, ReportQuerySchema } from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { publicAction, routes } from '../../lib/resource-routes';
import { tokenRoute, viewerOf } from './token-route';

const params = z.object({ token: z.string().max(200) });

/**
 * The campaign report's API (docs/design.md §9): what `/externalreport/{token}` shows. The
 * token names one campaign and, optionally, the timeframe it may show.
 */
export const reportPageRoutes: FastifyPluginAsync = async (app) => {
  const { tokenLinks: links, reports } = app.services;
  routes(app, { tags: ['token pages'] }, [
    publicAction({
      method: 'GET',
      path: '/v1/campaigns/externalreport/:token',
      summary: "A shared campaign report: impressions, clicks and CTR for the link's timeframe",
      description:
        "start and end (YYYY-MM-DD, optional) are clamped to the link's timeframe (else the " +
        "campaign's dates); bounds says which. Each call is logged as a view.",
      params,
      querystring: ReportQuerySchema,
      answer: CampaignReportSchema,
      config: tokenRoute('token'),
      call: async ({ params, query, raw }) => {
        const link = await links.open('report', params.token, viewerOf(raw));
        const scope = {
          companyId: link.company_id,
          campaignId: link.campaign_id,
          start: link.start_date,
          end: link.end_date,
        };
        return reports.report(scope, query);
      },
    }),
    publicAction({
      method: 'GET',
      path: '/v1/campaigns/externalreport/:token/new',
      summary: "What changed in the shared campaign since the link's previous visit",
      description:
        "Creatives added, status moves of the campaign and its creatives, and publishers' decisions " +
        'since the link was last opened before this visit (views within 30 minutes are one visit; ' +
        "on a first visit, since the link's creation). Newest first. Not logged as a view.",
      params,
      answer: ReportNewsSchema,
      config: tokenRoute('token'),
      call: async ({ params }) => {
        const link = await links.check('report', params.token);
        const since = (await links.previousVisit('report', link.id)) ?? link.created_at;
        return reports.news(link.company_id, link.campaign_id, since);
      },
    }),
  ]);
};
