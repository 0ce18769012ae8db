import { FeedbackBodySchema, FeedbackCreatedResponseSchema } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/current-user';

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { feedback: service } = app.services;

  app.post(
    '/v1/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback',
        body: FeedbackBodySchema,
        response: { 201: FeedbackCreatedResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(currentUser(request), request.body) }),
  );
};
