import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { type GzipParts, type GzipTail, gzipAround, gzipParts, gzipTail } from '../../lib/gzip-parts';
import { escapeHtml } from '../../lib/html';
import { notFound } from '../../lib/http-errors';
import { isMissing, type ObjectStore } from '../../storage/object-store';
import { packageFileKey } from '../../storage/package-files';
import type { RenderRepository } from './render.repository';
import type { RenderTargets } from './render-links';
import {
  clickTagLiteral,
  contentLiteral,
  dynamicContentOf,
  injectRuntime,
  RUNTIME_TAIL,
  runtimeHead,
  runtimeIndex,
  runtimeScript,
} from './runtime';

/** An entry HTML file larger than this is not one a banner has; it is served as it is. */
const ENTRY_MAX_BYTES = 2 * 1024 * 1024;

interface Deps {
  repository: RenderRepository;
  targets: Pick<RenderTargets, 'verify' | 'url' | 'renewsAt'>;
  files: Pick<ObjectStore, 'read'>;
  /** The click tracker's URL of a view (tracking's signed links). */
  clickUrl(view: { campaignId: number; creativeId: number; ruleId: number; preview: boolean }): string;
}

/**
 * A creative's newest approved package as served tags play it (docs/design.md §11): its entry file,
 * read once, made into each viewer's document without reading anything again.
 */
export interface LiveEntry {
  packageId: number;
  /** The entry file with `content` (a `contentOf` literal) and `clickTag` injected, and a base URL for the package's other files. */
  document(content: string, ruleId: number, clickTag: string): Buffer;
  /** The same document gzipped, its fixed parts compressed once (lib/gzip-parts.ts). */
  gzipped(content: string, ruleId: number, clickTag: string): Buffer;
}

/** A file of a render, as the route sends it; `cacheControl` when it differs from a render's default. */
export interface RenderedFile {
  size: number;
  body: Readable | Buffer;
  cacheControl?: string;
}

/**
 * Renders (docs/design.md §9): the token's package — the creative's newest approved one, or the
 * version an internal preview chose — with rule `ruleId`'s dynamic content and the Enabler shim
 * injected into its entry file and `clickTag` on the click tracker. Every render is a preview: its
 * tracker counts nothing.
 */
export function createRenderService({ repository, targets, files, clickUrl }: Deps) {
  /** The bytes of a recorded file of a package's live files; 404 when they are gone. */
  const read = (prefix: string, file: string) =>
    files.read(packageFileKey(prefix, file)).catch((error: unknown) => {
      if (isMissing(error)) throw notFound();
      throw error;
    });

  /** The entry file with `head` (the runtime, and for served tags a base URL) injected before its scripts. */
  const entryWith = async (body: Readable, head: string): Promise<RenderedFile> => {
    const html = Buffer.from(injectRuntime((await buffer(body)).toString('utf8'), head), 'utf8');
    // The content follows the feed's latest sync: never kept.
    return { size: html.length, body: html, cacheControl: 'no-store' };
  };

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
      const body = await read(pkg.files_prefix, file);
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
      return entryWith(body, script);
    },

    /** A rule's content as served documents take it (`LiveEntry.document`): its feed named by the profile (null: none). */
    contentOf: (profileName: string | null, data: Record<string, unknown> = {}) =>
      contentLiteral(profileName === null ? null : dynamicContentOf(profileName, data)),

    /**
     * The creative's newest approved package as served tags play it, read once (undefined when none
     * renders, or its entry file is larger than a banner's). Its documents are what `liveDocument`
     * answers.
     */
    async liveEntry(creativeId: number): Promise<LiveEntry | undefined> {
      const pkg = await repository.renderablePackage(creativeId, 0);
      if (!pkg?.entry_file || !pkg.files_prefix) return undefined;
      const recorded = await repository.packageFile(pkg.files_prefix, pkg.entry_file);
      if (!recorded || Number(recorded.size) > ENTRY_MAX_BYTES) return undefined;
      const html = (await buffer(await read(pkg.files_prefix, pkg.entry_file))).toString('utf8');
      const at = runtimeIndex(html);
      const [before, after] = [html.slice(0, at), html.slice(at)];
      const entry = pkg.entry_file;
      // Per rule, the document's bytes before its click URL (and their deflate), made once an hour
      // (the base URL is a signed render URL); the bytes after it are every rule's, deflated once. A
      // viewer's document is those with the click URL between.
      const tail = Buffer.from(RUNTIME_TAIL + after, 'utf8');
      let tailGzip: GzipTail | undefined;
      const parts = new Map<
        number,
        { head: Buffer; gzip: GzipParts | undefined; content: string; until: number }
      >();
      const partsOf = (content: string, ruleId: number) => {
        const now = Date.now();
        let kept = parts.get(ruleId);
        if (!kept || kept.until <= now || kept.content !== content) {
          const entryUrl = targets.url({ creativeId, packageId: 0 }, ruleId, entry);
          const base = `<base href="${escapeHtml(new URL('.', entryUrl).href)}">`;
          kept = {
            head: Buffer.from(before + base + runtimeHead(content), 'utf8'),
            gzip: undefined,
            content,
            // Their `<base>` is a signed render URL, the same until the hour ends (render-links.ts).
            until: targets.renewsAt(),
          };
          parts.set(ruleId, kept);
        }
        return kept;
      };
      return {
        packageId: pkg.id,
        document: (content, ruleId, clickTag) =>
          Buffer.concat([
            partsOf(content, ruleId).head,
            Buffer.from(clickTagLiteral(clickTag), 'utf8'),
            tail,
          ]),
        gzipped: (content, ruleId, clickTag) => {
          const kept = partsOf(content, ruleId);
          tailGzip ??= gzipTail(tail);
          kept.gzip ??= gzipParts(kept.head, tailGzip);
          return gzipAround(kept.gzip, Buffer.from(clickTagLiteral(clickTag), 'utf8'));
        },
      };
    },

    /**
     * The document a served tag answers (docs/design.md §11): the entry file of the creative's newest
     * approved package with rule `ruleId`'s content (0: none) and `clickTag` injected, and a base URL
     * so that the package's other files come from its render URL. Undefined when no approved package
     * renders, or the rule is not one the creative serves.
     */
    async liveDocument(
      creativeId: number,
      ruleId: number,
      clickTag: string,
    ): Promise<RenderedFile | undefined> {
      const creative = await repository.creative(creativeId);
      const pkg = creative && (await repository.renderablePackage(creative.id, 0));
      if (!creative || !pkg?.entry_file || !pkg.files_prefix) return undefined;
      const rule = ruleId > 0 ? await repository.servedRule(creative, ruleId) : undefined;
      if (ruleId > 0 && !rule) return undefined;
      const recorded = await repository.packageFile(pkg.files_prefix, pkg.entry_file);
      if (!recorded || Number(recorded.size) > ENTRY_MAX_BYTES) return undefined;
      const entryUrl = targets.url({ creativeId: creative.id, packageId: 0 }, ruleId, pkg.entry_file);
      const base = `<base href="${escapeHtml(new URL('.', entryUrl).href)}">`;
      const script = runtimeScript({
        content: rule ? dynamicContentOf(rule.profileName, rule.data) : null,
        clickTag,
      });
      return entryWith(await read(pkg.files_prefix, pkg.entry_file), base + script);
    },
  };
}
export type RenderService = ReturnType<typeof createRenderService>;
