import { ConversionCreateSchema, ConversionSchema, ConversionSettingsSchema } from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { action, routes } from '../../lib/resource-routes';

/** Conversions reported server to server, and the company's window (issue 46). */
export const conversionsRoutes: FastifyPluginAsync = async (app) => {
  const { conversions } = app.services;
  routes(app, { tags: ['campaigns'], access: 'campaigns' }, [
    action({
      method: 'POST',
      path: '/v1/conversions',
      summary: 'Report a conversion of a click, by the click id passed to the exit URL',
      description:
        'The click id names the click’s campaign, creative, ad tag and variant; the conversion is ' +
        'attributed to them when it occurs within the company’s window after the click. A click id ' +
        'counts once: a repeat answers the conversion first recorded, with `duplicate: true`. A ' +
        'click id of another company’s creative is refused as unknown.',
      body: ConversionCreateSchema,
      answer: ConversionSchema,
      refused: 'The click id is not ours, or the conversion falls outside its window.',
      call: (user, { body }) => conversions.report(user, body),
    }),
  ]);

  // The window: everyone reads it, admins set it.
  routes(app, { tags: ['campaigns'], access: { read: async () => {}, write: app.requireAdmin } }, [
    action({
      method: 'GET',
      path: '/v1/company/conversions',
      summary: 'The company’s conversion window: days after a click within which a conversion counts',
      answer: ConversionSettingsSchema,
      call: (user) => conversions.settings(user),
    }),
    action({
      method: 'PUT',
      path: '/v1/company/conversions',
      summary: 'Set the company’s conversion window (admins)',
      body: ConversionSettingsSchema,
      answer: ConversionSettingsSchema,
      call: (user, { body }) => conversions.setSettings(user, body),
    }),
  ]);
};
