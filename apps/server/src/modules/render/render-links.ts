import type { Signer } from '../../storage/signer';

/** A render URL lives as long as a page view, like signed file URLs. */
const RENDER_TTL_SECONDS = 60 * 60;
const TOKEN = /^([0-9]{1,10})\.([0-9]{1,10})\.([0-9]{1,12})\.([A-Za-z0-9_-]{20,100})$/;

/** What a render token names: a creative, and its package (0: the newest approved one). */
export interface RenderTarget {
  creativeId: number;
  packageId: number;
}

/**
 * Signed render URLs (docs/design.md §9): `/render/{creative}.{package}.{expires}.{signature}/{ruleId}/{entry}`.
 * The signature sits in the path, so the package's relative links (`img/a.png`) keep it; the rule
 * is outside it, so one token renders every variant of the creative (each checked to be one the
 * creative serves). On `base` (RENDER_URL when set, else APP_URL).
 */
export function createRenderTargets(signer: Pick<Signer, 'signature' | 'verify'>, base: string) {
  const request = ({ creativeId, packageId }: RenderTarget, expires: number) => ({
    method: 'GET' as const,
    key: `render/creative/${creativeId}/${packageId}`,
    contentType: '',
    expires,
  });
  return {
    /** Expiries are whole hours, at least an hour ahead: the URL stays the same within an hour. */
    token(target: RenderTarget): string {
      const expires = (Math.floor(Date.now() / 1000 / RENDER_TTL_SECONDS) + 2) * RENDER_TTL_SECONDS;
      const signature = signer.signature(request(target, expires));
      return `${target.creativeId}.${target.packageId}.${expires}.${signature}`;
    },
    /** When the URLs made now change (ms since the epoch): the next whole hour, when their expiry moves on. */
    renewsAt(): number {
      return (Math.floor(Date.now() / 1000 / RENDER_TTL_SECONDS) + 1) * RENDER_TTL_SECONDS * 1000;
    },
    /** The URL of `entry` (the package's entry file) rendering rule `ruleId` (0: none). */
    url(target: RenderTarget, ruleId: number, entry: string): string {
      const path = entry.split('/').map(encodeURIComponent).join('/');
      return `${base}/render/${this.token(target)}/${ruleId}/${path}`;
    },
    /** The target a token names, if it is genuine and unexpired. */
    verify(token: string): RenderTarget | undefined {
      const match = TOKEN.exec(token);
      if (!match) return undefined;
      const target = { creativeId: Number(match[1]), packageId: Number(match[2]) };
      return signer.verify(request(target, Number(match[3])), match[4]) ? target : undefined;
    },
  };
}
export type RenderTargets = ReturnType<typeof createRenderTargets>;

/**
 * Render URLs of a creative's variants as previews show them: its newest approved package playing
 * each rule. Answers a function of the rule id (0: no rule), null for every rule while no package
 * is approved. The one place the simulator and the token pages get their render URLs from.
 */
export function createVariantRenderUrls(
  targets: RenderTargets,
  /** The creative's newest approved package that is unpacked (render repository `renderablePackage`). */
  renderablePackage: (creativeId: number, packageId: 0) => Promise<{ entry_file: string | null } | undefined>,
) {
  return async (creativeId: number): Promise<(ruleId: number) => string | null> => {
    const pkg = await renderablePackage(creativeId, 0);
    const entry = pkg?.entry_file;
    return (ruleId) => (entry ? targets.url({ creativeId, packageId: 0 }, ruleId, entry) : null);
  };
}
