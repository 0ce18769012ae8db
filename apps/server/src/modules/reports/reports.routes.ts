import { CampaignReportSchema, itemResponse, ReportQuerySchema } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/current-user';
import { forbiddenAnswer as errors, idParams as params } from '../../lib/route-schemas';

/** The campaign's own report (`/campaigns/{id}/viewreport/{start}/{end}`), for signed-in readers. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reports: service } = app.services;

  app.get(
    '/v1/campaigns/:id/report',
    {
      preHandler: app.requireAccess('campaigns', 'read'),
      schema: {
        tags: ['campaigns'],
        summary: "The campaign's report: impressions, clicks and CTR for a timeframe",
        description:
          'start and end (YYYY-MM-DD, optional) are clamped to the campaign: from its launch date (else ' +
          'its first day of traffic) to its end date (else today). Days without traffic count zero.',
        params,
        querystring: ReportQuerySchema,
        response: { 200: itemResponse(CampaignReportSchema), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const scope = { companyId: user.company_id, campaignId: request.params.id, start: null, end: null };
      return { data: await service.report(scope, request.query) };
    },
  );
};
