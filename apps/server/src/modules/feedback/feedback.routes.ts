import { FeedbackBodySchema, FeedbackCreatedResponseSchema } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../types';
import { createFeedbackRepository } from './feedback.repository';
import { createFeedbackService } from './feedback.service';

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createFeedbackService({ feedback: createFeedbackRepository(app.db) });

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
