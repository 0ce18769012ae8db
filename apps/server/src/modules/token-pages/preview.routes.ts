import { ExternalPreviewSchema, itemResponse, PREVIEW_VARIANTS_MAX } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { createProfilesRepository } from '../profiles/profiles.repository';
import { createRenderRepository } from '../render/render.repository';
import { renderTargets } from '../render/render-links';
import { ruleFilterOf } from '../rule-selection/choose-rule';
import { tokenLinksOn } from '../token-links/token-links';
import { uploadsServiceOn } from '../uploads/uploads.routes';
import { tokenRoute } from './token-route';

/**
 * The creative preview's API (the token pages issue): what `/externalpreview/{token}` shows. The
 * token names one creative; everything answered is that creative's.
 */
export const previewPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = tokenLinksOn(app);
  const renders = createRenderRepository(app.db);
  const profiles = createProfilesRepository(app.db);
  const targets = renderTargets(app);
  const files = uploadsServiceOn(app);

  app.get(
    '/v1/creatives/externalpreview/:token',
    {
      config: tokenRoute('token'),
      schema: {
        tags: ['token pages'],
        summary: 'A shared creative preview: the creative, its variants rendered, and its fallback image',
        description:
          'Variants are the active rules the creative serves, in feed order (at most ' +
          `${PREVIEW_VARIANTS_MAX}; variants_total counts them all); a creative without feed has one, ` +
          'rule 0. render_url is null while no package is approved. Each call is logged as a view.',
        params: z.object({ token: z.string().max(200) }),
        response: { 200: itemResponse(ExternalPreviewSchema) },
      },
    },
    async (request) => {
      const link = await links.open('preview', request.params.token, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      const creative = await app.db
        .selectFrom('creatives')
        .select(['id', 'name', 'width', 'height', 'status', 'profile_id', 'rule_filter', 'fallback_asset_id'])
        .where('id', '=', link.creative_id)
        .where('company_id', '=', link.company_id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!creative) throw notFound();
      const pkg = await renders.renderablePackage(creative.id, 0);
      const renderUrl = (ruleId: number) =>
        pkg?.entry_file
          ? targets.url({ creativeId: creative.id, packageId: 0 }, ruleId, pkg.entry_file)
          : null;

      const served =
        creative.profile_id === null
          ? undefined
          : await profiles.activeServedRules(
              creative.profile_id,
              ruleFilterOf(creative.rule_filter),
              PREVIEW_VARIANTS_MAX,
            );
      const variants = served
        ? served.rows.map((rule) => ({
            rule_id: rule.id,
            reporting_label: rule.reporting_label || rule.unique_id,
            render_url: renderUrl(rule.id),
          }))
        : [{ rule_id: 0, reporting_label: creative.name, render_url: renderUrl(0) }];

      const fallback =
        creative.fallback_asset_id === null
          ? undefined
          : await app.db
              .selectFrom('assets')
              .select(['storage_key', 'content_type'])
              .where('id', '=', creative.fallback_asset_id)
              .where('creative_id', '=', creative.id)
              .where('deleted_at', 'is', null)
              .executeTakeFirst();

      return {
        data: {
          creative: {
            id: creative.id,
            name: creative.name,
            width: creative.width,
            height: creative.height,
            status: creative.status,
          },
          variants,
          variants_total: served ? served.total : 1,
          fallback_url: fallback ? files.readUrl(fallback.storage_key, fallback.content_type) : null,
        },
      };
    },
  );
};
