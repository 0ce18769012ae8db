import { CampaignReportSchema, ReportQuerySchema } from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { action, routes } from '../../lib/resource-routes';
import { idParams as params } from '../../lib/route-schemas';

/** The campaign's own report (`/campaigns/{id}/viewreport/{start}/{end}`), for signed-in readers. */
export const reportsRoutes: FastifyPluginAsync = async (app) => {
  const { reports: service } = app.services;
  routes(app, { tags: ['campaigns'], access: 'campaigns' }, [
    action({
      method: 'GET',
      path: '/v1/campaigns/:id/report',
      summary: "The campaign's report: impressions, clicks and CTR for a timeframe",
      description:
        'start and end (YYYY-MM-DD, optional) are clamped to the campaign: from its launch date (else ' +
        'its first day of traffic) to its end date (else today). Days without traffic count zero.',
      params,
      querystring: ReportQuerySchema,
      answer: CampaignReportSchema,
      call: (user, { params, query }) =>
        service.report({ companyId: user.company_id, campaignId: params.id, start: null, end: null }, query),
    }),
  ]);
};
