import {
  DataSourceCreateSchema,
  DataSourceListQuerySchema,
  DataSourceListResponseSchema,
  DataSourceSchema,
  DataSourceTestResultSchema,
  DataSourceTestSchema,
  DataSourceUpdateSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { action, publicAction, resourceRoutes, routes } from '../../lib/resource-routes';
import { DEMO_WEATHER_PATH, demoWeather } from './demo-weather';

const tags = ['data sources'];

/** Data sources (docs/design.md §5), part of the conditions section (docs/design.md §6). */
export const dataSourcesRoutes: FastifyPluginAsync = async (app) => {
  const { dataSources: service } = app.services;
  resourceRoutes(app, {
    path: '/v1/datasource',
    tags,
    noun: 'data source',
    item: DataSourceSchema,
    service,
    access: 'conditions',
    list: {
      summary: 'List data sources',
      description:
        'filter matches the name; deleted=1 lists deleted data sources. Header values are never ' +
        'answered, only their names. Default order: updated_at desc.',
      querystring: DataSourceListQuerySchema,
      response: DataSourceListResponseSchema,
    },
    create: {
      summary: 'Create a data source',
      description: 'Header values are stored encrypted with APP_KEY and never answered.',
      body: DataSourceCreateSchema,
    },
    show: { summary: 'One data source with its value, last fetch and error, and the conditions reading it' },
    update: {
      summary: 'Edit a data source',
      description:
        'Carries the updated_at it was based on (or If-Match). headers, when sent, is the whole ' +
        'list: a header without value keeps its stored value, one left out is removed.',
      body: DataSourceUpdateSchema,
    },
    remove: {
      summary: 'Delete a data source (soft); refused while a condition reads it',
      refused: 'Refused: conditions read the data source (they are named).',
    },
    restore: {
      summary: 'Restore a deleted data source',
      refused: 'A live data source has taken its name meanwhile.',
    },
    actions: [
      action({
        method: 'POST',
        path: '/test',
        on: 'collection',
        summary: 'Fetch a data source once and show the answer',
        description:
          'With id: the saved data source, overlaid by the fields sent (stored header values are used ' +
          'where none is sent); without: the definition sent. Fetched through the SSRF guard (http(s), ' +
          'no internal address unless DATASOURCE_ALLOW_HOSTS names it, at most 3 redirects, ' +
          'timeout_ms, 1 MB). Nothing is stored. A failed fetch is a 200 with ok false and the error.',
        body: DataSourceTestSchema,
        answer: DataSourceTestResultSchema,
        call: (user, { body }) => service.test(user, body),
      }),
    ],
  });

  routes(app, { tags }, [
    publicAction({
      method: 'GET',
      path: DEMO_WEATHER_PATH,
      summary: "The demo's weather: a believable temperature per city and hour, for the demo data source",
      description:
        'Served without signing in so the demo works offline; data sources whose URL is this ' +
        'endpoint on APP_URL read it in process.',
      querystring: z.object({ city: z.string().max(100).optional() }),
      response: z.object({
        city: z.string(),
        current: z.object({
          temperature: z.number(),
          condition: z.enum(['sunny', 'cloudy', 'rain', 'snow']),
          observed_at: z.string(),
        }),
      }),
      call: async ({ query }) => demoWeather(query.city ?? '', new Date()),
    }),
  ]);
};
