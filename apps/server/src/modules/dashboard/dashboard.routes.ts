import { DashboardResponseSchema } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/current-user';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dashboard: service } = app.services;

  app.get(
    '/v1/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Counts per section and status, recent changes and the QA queue',
        description:
          'Only sections the user may read appear. recent: the 10 most recently updated items; ' +
          'qa_queue: campaigns and creatives in quality assurance or testing, oldest first, at most 20, ' +
          'for qa users and admins (empty otherwise).',
        response: { 200: DashboardResponseSchema },
      },
    },
    async (request) => ({ data: await service.get(currentUser(request)) }),
  );
};
