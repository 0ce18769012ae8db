import {
  CompanyQaGateSchema,
  ErrorBodySchema,
  ListQuerySchema,
  listResponse,
  QaRunDetailResponseSchema,
  QaRunQuerySchema,
  QaRunSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { collection } from '../../lib/list';
import { action, routes } from '../../lib/resource-routes';
import { idParams as params } from '../../lib/route-schemas';

const runParams = z.object({
  id: params.shape.id,
  runId: params.shape.id,
});

/** Every signed-in user (the session plugin has already refused the rest). */
const everyone = async () => {};

/** QA runs of a creative (issue 45): start, list, read with findings, cancel; the company's gate. */
export const qaRunsRoutes: FastifyPluginAsync = async (app) => {
  const { qaRuns: service, qaGate } = app.services;

  // Readers of creatives read runs; the service lets `qa` and `edit creatives` start and cancel them.
  routes(app, { tags: ['creatives'], access: 'creatives' }, [
    action({
      method: 'POST',
      path: '/v1/creatives/:id/qa-runs',
      access: 'read',
      summary: "Start a QA run of the creative's variants (qa or edit creatives)",
      description:
        'Plans a run of every distinct variant (rules with identical content count once) and queues its ' +
        'check in headless Chromium: text overflow, broken media, feed gaps, weight, script errors and ' +
        'click-through. Variants an earlier run checked with the same content are carried over ' +
        '(carried_over). 409 while a run of the creative is under way; 422 without an approved package ' +
        'or without Chromium on the server.',
      params,
      answer: QaRunSchema,
      status: 202,
      refused: 'No approved package to render, or no Chromium on the server.',
      otherAnswers: { 409: ErrorBodySchema.describe('A run of the creative is under way.') },
      call: (user, { params }) => service.start(user, params.id),
    }),
    action({
      method: 'GET',
      path: '/v1/creatives/:id/qa-runs',
      summary: "The creative's QA runs, newest first",
      params,
      querystring: ListQuerySchema.pick({ page: true, 'items-per-page': true }),
      response: listResponse(QaRunSchema),
      call: async (user, { params, query, raw }) =>
        collection(raw, await service.list(user, params.id, query)),
    }),
    action({
      method: 'GET',
      path: '/v1/creatives/:id/qa-runs/:runId',
      summary: 'One QA run with a page of its findings (one per rule), narrowed by kind and severity',
      description: 'counts gives the findings by kind and severity over the whole run, before the filters.',
      params: runParams,
      querystring: QaRunQuerySchema,
      response: QaRunDetailResponseSchema,
      call: async (user, { params, query, raw }) => {
        const { data, page } = await service.show(user, params.id, params.runId, query);
        const { links, meta } = collection(raw, page);
        return { data, links, meta };
      },
    }),
    action({
      method: 'POST',
      path: '/v1/creatives/:id/qa-runs/:runId/cancel',
      access: 'read',
      summary: 'Cancel a QA run under way (qa or edit creatives); what it checked stays',
      params: runParams,
      answer: QaRunSchema,
      otherAnswers: { 409: ErrorBodySchema.describe('The run has already ended.') },
      call: (user, { params }) => service.cancel(user, params.id, params.runId),
    }),
  ]);

  // Whether a passing QA run is required before live: everyone reads it, admins set it.
  routes(app, { tags: ['creatives'], access: { read: everyone, write: app.requireAdmin } }, [
    action({
      method: 'GET',
      path: '/v1/company/qa-gate',
      summary: 'Whether the company requires a passing QA run before a creative goes live',
      answer: CompanyQaGateSchema,
      call: (user) => qaGate.get(user),
    }),
    action({
      method: 'PUT',
      path: '/v1/company/qa-gate',
      summary: 'Require a passing QA run of its current content before a creative goes live, or not (admins)',
      body: CompanyQaGateSchema,
      answer: CompanyQaGateSchema,
      call: (user, { body }) => qaGate.set(user, body.required),
    }),
  ]);
};
