import { canAccess, TOKEN_LINK_KINDS, TOKEN_VIEWS_MAX, TokenViewSchema } from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/http-errors';
import { idParam } from '../../lib/params';
import { action, routes } from '../../lib/resource-routes';
import type { LinkKind } from './token-links';

/** Which section's readers see a kind of link's views: the section that shares it. */
const SECTION_OF = { preview: 'creatives', report: 'campaigns', approval: 'campaigns' } as const;

/** The sharing tabs' view logs (docs/design.md §9): who opened a shared link, and when. */
export const tokenLinkRoutes: FastifyPluginAsync = async (app) => {
  const { tokenLinks: links } = app.services;

  routes(app, { tags: ['token pages'] }, [
    action({
      method: 'GET',
      path: '/v1/token-links/:kind/:id/views',
      summary: "A shared link's openings, newest first",
      description:
        `At most ${TOKEN_VIEWS_MAX}. \`viewer\` is a keyed hash of the IP address, so repeat viewers ` +
        'can be told apart without keeping addresses. Preview links need creatives read access, ' +
        'report and approval links campaigns read access.',
      params: z.object({ kind: z.enum(TOKEN_LINK_KINDS), id: idParam }),
      answer: TokenViewSchema,
      list: true,
      call: async (user, { params }) => {
        const kind: LinkKind = params.kind;
        if (!canAccess(user, SECTION_OF[kind], 'read')) throw forbidden();
        const views = await links.views(user.company_id, kind, params.id, TOKEN_VIEWS_MAX);
        if (!views) throw notFound();
        return views.map((view) => ({
          viewed_at: view.viewed_at,
          viewer: view.ip_hash,
          user_agent: view.user_agent,
        }));
      },
    }),
  ]);
};
