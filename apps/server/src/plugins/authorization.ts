import { canAccess, isAdmin, type Section } from '@adstudio/contract';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/http-errors';

/**
 * The permission guards (docs/design.md §6): `app.requireAccess('campaigns', 'write')` as a route
 * preHandler, and `app.requireAdmin` for what only admins do. Authentication itself is checked earlier by the session plugin.
 */
export const authorizationPlugin = fp(
  async (app) => {
    app.decorate('requireAccess', (section: Section, action: 'read' | 'write') => async (request) => {
      if (!canAccess(request.user, section, action)) throw forbidden();
    });
    app.decorate('requireAdmin', async (request) => {
      if (!request.user || !isAdmin(request.user)) throw forbidden();
    });
  },
  { name: 'authorization', dependencies: ['session'] },
);
