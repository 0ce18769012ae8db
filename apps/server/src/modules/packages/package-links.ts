import { unpackedPrefix } from '../../storage/package-files';
import type { Signer } from '../../storage/signer';

/** A render link lives as long as a page view, like signed file URLs. */
const RENDER_TTL_SECONDS = 60 * 60;

/**
 * Signed render links of one package: `/render/p/{id}.{expires}.{signature}/index.html`. The
 * signature sits in the path, so the package's relative links (`img/a.png`) keep it. On `base`
 * (RENDER_URL when set, else APP_URL).
 */
export function createPackageLinks(signer: Pick<Signer, 'signature' | 'verify'>, base: string) {
  const request = (id: number, expires: number) => ({
    method: 'GET' as const,
    key: `render/${unpackedPrefix(id)}`,
    contentType: '',
    expires,
  });
  return {
    /** Expiries are whole hours, at least an hour ahead: the URL stays the same within an hour. */
    url(id: number) {
      const expires = (Math.floor(Date.now() / 1000 / RENDER_TTL_SECONDS) + 2) * RENDER_TTL_SECONDS;
      return `${base}/render/p/${id}.${expires}.${signer.signature(request(id, expires))}/index.html`;
    },
    /** The package a render token names, if it is genuine and unexpired. */
    verify(token: string): number | undefined {
      const match = /^([0-9]{1,10})\.([0-9]{1,12})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
      if (!match) return undefined;
      const [id, expires] = [Number(match[1]), Number(match[2])];
      return signer.verify(request(id, expires), match[3]) ? id : undefined;
    },
  };
}
export type PackageLinks = ReturnType<typeof createPackageLinks>;
