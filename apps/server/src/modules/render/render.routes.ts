import { buffer } from 'node:stream/consumers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { isMissing } from '../../storage/object-store';
import { packageFileKey } from '../packages/package-files';
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
      if (!creative || !pkg?.entry_file || !pkg.files_prefix) throw notFound();
      const rule = ruleId > 0 ? await repository.servedRule(creative, ruleId) : undefined;
      if (ruleId > 0 && !rule) throw notFound();

      // Only a file recorded for the package's live files is served: never a `.part` or an orphan.
      const recorded = await repository.packageFile(pkg.files_prefix, file);
      if (!recorded) throw notFound();
      const key = packageFileKey(pkg.files_prefix, file);
      const body = await app.storage.store.read(key).catch((error: unknown) => {
        if (isMissing(error)) throw notFound();
        throw error;
      });
      const size = Number(recorded.size);
      if (file !== pkg.entry_file || size > ENTRY_MAX_BYTES) return sendRenderFile(reply, file, size, body);

      const script = runtimeScript({
        content: rule ? dynamicContentOf(rule.profileName, rule.data) : null,
        clickTag: tracking.clickUrl({
          campaignId: creative.campaign_id,
          creativeId: creative.id,
          ruleId,
          preview: true,
        }),
      });
      const html = Buffer.from(injectRuntime((await buffer(body)).toString('utf8'), script), 'utf8');
      // The content follows the feed's latest sync: never kept.
      return sendRenderFile(reply, file, html.length, html, 'no-store');
    },
  );
};
