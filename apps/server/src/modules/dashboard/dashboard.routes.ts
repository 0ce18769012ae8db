import { DashboardSchema } from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { action, routes } from '../../lib/resource-routes';

export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const { dashboard: service } = app.services;
  routes(app, { tags: ['dashboard'], forbids: false }, [
    action({
      method: 'GET',
      path: '/v1/dashboard',
      summary: 'Counts per section and status, recent changes and the QA queue',
      description:
        'Only sections the user may read appear. recent: the 10 most recently updated items; ' +
        'qa_queue: campaigns and creatives in quality assurance or testing, oldest first, at most 20, ' +
        'for qa users and admins (empty otherwise).',
      answer: DashboardSchema,
      call: (user) => service.get(user),
    }),
  ]);
};
