import { canAccess, TOKEN_LINK_KINDS, TOKEN_VIEWS_MAX, TokenViewSchema } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { forbidden, notFound } from '../../lib/http-errors';
import { idParam } from '../../lib/params';
import { forbiddenAnswer as errors, listOf } from '../../lib/route-schemas';
import type { LinkKind } from './token-links';

/** Which section's readers see a kind of link's views: the section that shares it. */
const SECTION_OF = { preview: 'creatives', report: 'campaigns', approval: 'campaigns' } as const;

/** The sharing tabs' view logs (the token pages issue): who opened a shared link, and when. */
export const tokenLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tokenLinks: links } = app.services;

  app.get(
    '/v1/token-links/:kind/:id/views',
    {
      schema: {
        tags: ['token pages'],
        summary: "A shared link's openings, newest first",
        description:
          `At most ${TOKEN_VIEWS_MAX}. \`viewer\` is a keyed hash of the IP address, so repeat viewers ` +
          'can be told apart without keeping addresses. Preview links need creatives read access, ' +
          'report and approval links campaigns read access.',
        params: z.object({ kind: z.enum(TOKEN_LINK_KINDS), id: idParam }),
        response: { 200: listOf(TokenViewSchema), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const kind: LinkKind = request.params.kind;
      if (!canAccess(user, SECTION_OF[kind], 'read')) throw forbidden();
      const views = await links.views(user.company_id, kind, request.params.id, TOKEN_VIEWS_MAX);
      if (!views) throw notFound();
      return {
        data: views.map((view) => ({
          viewed_at: view.viewed_at,
          viewer: view.ip_hash,
          user_agent: view.user_agent,
        })),
      };
    },
  );
};
