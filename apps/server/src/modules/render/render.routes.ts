import { buffer } from 'node:stream/consumers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { isValidKey } from '../../storage/object-store';
import { packageFileKey } from '../packages/packages.service';
import { trackingLinksOn } from '../tracking/tracking-links';
import { createRenderRepository } from './render.repository';
import { renderTargets } from './render-links';
import { sendRenderFile } from './render-response';
import { dynamicContentOf, injectRuntime, runtimeScript } from './runtime';

/** An entry HTML file larger than this is not one a banner has; it is served as it is. */
const ENTRY_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Renders (DESIGN section 9): `/render/{token}/{ruleId}/…` serves the token's package — the
 * creative's newest approved one, or the version an internal preview chose — with rule `ruleId`'s
 * dynamic content and the Enabler shim injected into its entry file, `clickTag` on the click
 * tracker, under the sandbox CSP. Every render is a preview: its tracker counts nothing.
 */
export const renderRoutes: FastifyPluginAsyncZod = async (app) => {
  const targets = renderTargets(app);
  const tracking = trackingLinksOn(app);
  const repository = createRenderRepository(app.db);

  app.get(
    '/render/:token/:ruleId/*',
    {
      config: { public: true },
      schema: {
        hide: true,
        params: z.object({
          token: z.string().max(200),
          ruleId: z.string().max(12),
          '*': z.string().max(1000),
        }),
      },
    },
    async (request, reply) => {
      const target = targets.verify(request.params.token);
      const ruleId = /^[0-9]{1,10}$/.test(request.params.ruleId) ? Number(request.params.ruleId) : -1;
      const file = request.params['*'];
      if (!target || ruleId < 0 || !file) throw notFound();
      const creative = await repository.creative(target.creativeId);
      const pkg = creative && (await repository.renderablePackage(creative.id, target.packageId));
      if (!creative || !pkg?.entry_file) throw notFound();
      const rule = ruleId > 0 ? await repository.servedRule(creative, ruleId) : undefined;
      if (ruleId > 0 && !rule) throw notFound();

      const key = packageFileKey(pkg.id, file);
      const stat = isValidKey(key) ? await app.storage.store.stat(key) : undefined;
      if (!stat) throw notFound();
      if (file !== pkg.entry_file || stat.size > ENTRY_MAX_BYTES)
        return sendRenderFile(reply, file, stat.size, await app.storage.store.read(key));

      const script = runtimeScript({
        content: rule ? dynamicContentOf(rule.profileName, rule.data) : null,
        clickTag: tracking.clickUrl({
          campaignId: creative.campaign_id,
          creativeId: creative.id,
          ruleId,
          preview: true,
        }),
      });
      const html = Buffer.from(
        injectRuntime((await buffer(await app.storage.store.read(key))).toString('utf8'), script),
        'utf8',
      );
      // The content follows the feed's latest sync: never kept.
      return sendRenderFile(reply, file, html.length, html, 'no-store');
    },
  );
};
