import { CampaignApprovalSchema, type User } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors';
import { forbiddenAnswer as errors, listOf, idParams as params } from '../../lib/route-schemas';
import { currentUser } from '../../types';
import { createCampaignsRepository } from '../campaigns/campaigns.repository';
import { createApprovalsRepository } from './approvals.repository';
import { createApprovalsService } from './approvals.service';

export const approvalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const campaigns = createCampaignsRepository(app.db);
  const service = createApprovalsService({
    approvals: createApprovalsRepository(app.db),
    campaignVisible: async (user: User, id: number) => {
      if (!(await campaigns.findById(user.company_id, id))) throw notFound();
    },
  });

  app.get(
    '/v1/campaigns/:id/approvals',
    {
      preHandler: app.requireAccess('campaigns', 'read'),
      schema: {
        tags: ['approvals'],
        summary: "Publishers' approvals of the campaign's creatives",
        params,
        response: { 200: listOf(CampaignApprovalSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.ofCampaign(currentUser(request), request.params.id) }),
  );
};
