import {
  ConditionCreateSchema,
  ConditionListQuerySchema,
  ConditionListResponseSchema,
  ConditionSchema,
  ConditionSimulationSchema,
  ConditionUpdateSchema,
  SimulationContextSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { action, resourceRoutes } from '../../lib/resource-routes';

/** Conditions (docs/design.md §5): what a feed's rules name to be shown only in some contexts. */
export const conditionsRoutes: FastifyPluginAsync = async (app) => {
  const { conditions: service } = app.services;

  resourceRoutes(app, {
    path: '/v1/conditions',
    tags: ['conditions'],
    noun: 'condition',
    item: ConditionSchema,
    service,
    access: 'conditions',
    list: {
      summary: 'List conditions, each with the profiles whose rules use it',
      description:
        'filter matches the name; deleted=1 lists deleted conditions (default order deleted_at ' +
        'desc). Default order: updated_at desc.',
      querystring: ConditionListQuerySchema,
      response: ConditionListResponseSchema,
    },
    create: {
      summary: 'Create a condition',
      description:
        'Each predicate is checked against its field (operators, value formats; between takes two ' +
        'ordered values); a datasource:<id> field must name a data source of the company.',
      body: ConditionCreateSchema,
    },
    show: { summary: 'One condition, with the profiles whose rules use it' },
    update: {
      summary: 'Edit a condition',
      description: 'Carries the updated_at it was based on (or If-Match); 409 when it changed since.',
      body: ConditionUpdateSchema,
    },
    remove: {
      summary: 'Delete a condition (soft); refused while rules of a profile use it',
      refused: 'Refused: rules of these profiles use the condition (they are named).',
    },
    restore: {
      summary: 'Restore a deleted condition',
      refused: 'A live condition has taken its name meanwhile.',
    },
    actions: [
      action({
        method: 'POST',
        path: '/simulate',
        access: 'read',
        summary: 'Evaluate a condition in a viewer’s context, predicate by predicate',
        description:
          'Changes nothing. Data sources answer their cached values (never fetched during the call; ' +
          'a stale one is refreshed in the background) unless datasources overrides them by id.',
        body: SimulationContextSchema,
        answer: ConditionSimulationSchema,
        call: (user, { params, body }) => service.simulate(user, params.id, body),
      }),
    ],
  });
};
