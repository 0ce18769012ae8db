import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { notFound } from '../../lib/http-errors';
import { isMissing, type ObjectStore } from '../../storage/object-store';
import { packageFileKey } from '../packages';
import type { RenderRepository } from './render.repository';
import type { RenderTargets } from './render-links';
import { dynamicContentOf, injectRuntime, runtimeScript } from './runtime';

/** An entry HTML file larger than this is not one a banner has; it is served as it is. */
const ENTRY_MAX_BYTES = 2 * 1024 * 1024;

interface Deps {
  repository: RenderRepository;
  targets: Pick<RenderTargets, 'verify'>;
  files: Pick<ObjectStore, 'read'>;
  /** The click tracker's URL of a view (tracking's signed links). */
  clickUrl(view: { campaignId: number; creativeId: number; ruleId: number; preview: boolean }): string;
}

/** A file of a render, as the route sends it; `cacheControl` when it differs from a render's default. */
export interface RenderedFile {
  size: number;
  body: Readable | Buffer;
  cacheControl?: string;
}

/**
 * Renders (DESIGN section 9): the token's package — the creative's newest approved one, or the
 * version an internal preview chose — with rule `ruleId`'s dynamic content and the Enabler shim
 * injected into its entry file and `clickTag` on the click tracker. Every render is a preview: its
 * tracker counts nothing.
 */
export function createRenderService({ repository, targets, files, clickUrl }: Deps) {
  return {
    /** File `file` of the render token `token` names, playing rule `ruleText` (0: none); 404 otherwise. */
    async file(token: string, ruleText: string, file: string): Promise<RenderedFile> {
      const target = targets.verify(token);
      const ruleId = /^[0-9]{1,10}$/.test(ruleText) ? Number(ruleText) : -1;
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
      const body = await files.read(key).catch((error: unknown) => {
        if (isMissing(error)) throw notFound();
        throw error;
      });
      const size = Number(recorded.size);
      if (file !== pkg.entry_file || size > ENTRY_MAX_BYTES) return { size, body };

      const script = runtimeScript({
        content: rule ? dynamicContentOf(rule.profileName, rule.data) : null,
        clickTag: clickUrl({
          campaignId: creative.campaign_id,
          creativeId: creative.id,
          ruleId,
          preview: true,
        }),
      });
      const html = Buffer.from(injectRuntime((await buffer(body)).toString('utf8'), script), 'utf8');
      // The content follows the feed's latest sync: never kept.
      return { size: html.length, body: html, cacheControl: 'no-store' };
    },
  };
}
export type RenderService = ReturnType<typeof createRenderService>;
