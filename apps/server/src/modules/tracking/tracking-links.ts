import { createHmac, hkdfSync } from 'node:crypto';
import { safeEqual } from '../../lib/tokens';

/**
 * What one tracked view names: its campaign, creative and rule (0 when the creative is driven by no
 * feed), whether it is a preview (a render for people checking the creative: the trackers
 * answer as usual but count nothing), and the ad tag that served it, if one did.
 */
export interface TrackedView {
  campaignId: number;
  creativeId: number;
  ruleId: number;
  preview: boolean;
  /** The ad tag that served the view (docs/design.md §11); absent or 0: none. */
  tagId?: number;
}

/** Paths of the trackers (docs/design.md §9). */
export const IMPRESSION_PATH = '/t/i';
export const CLICK_PATH = '/t/c';

/** 128 bits of HMAC-SHA-256: enough that no signature can be guessed, short enough for ad calls. */
const SIGNATURE_CHARS = 22;
const PAYLOAD = /^([0-9]{1,10})\.([0-9]{1,10})\.([0-9]{1,10})\.([pl])(?:\.([1-9][0-9]{0,9}))?$/;

/** The signing function of one app key: its own HMAC key, derived for tracking alone. */
function trackingSigner(appKey: string) {
  const key = Buffer.from(hkdfSync('sha256', appKey, 'adstudio', 'tracking v1', 32));
  return (payload: string) =>
    createHmac('sha256', key).update(payload).digest('base64url').slice(0, SIGNATURE_CHARS);
}

/**
 * Signed parameter sets of the trackers: `?v={campaign}.{creative}.{rule}.{p|l}[.{tag}]&s={signature}`, so
 * counts cannot be forged for other creatives (docs/design.md §9). The key is derived from APP_KEY
 * for this purpose alone. The links never expire (they sit in ad servers' tags for as long as a
 * campaign runs), so after a rotation those signed with a key of `previousKeys` are still counted.
 */
export function createTrackingLinks(appKey: string, appUrl: string, previousKeys: readonly string[] = []) {
  const sign = trackingSigner(appKey);
  const signers = [sign, ...previousKeys.map(trackingSigner)];
  const payloadOf = (view: TrackedView) =>
    `${view.campaignId}.${view.creativeId}.${view.ruleId}.${view.preview ? 'p' : 'l'}${view.tagId ? `.${view.tagId}` : ''}`;
  const query = (view: TrackedView) => {
    const payload = payloadOf(view);
    return `v=${payload}&s=${sign(payload)}`;
  };
  return {
    /** The query string (without `?`) naming `view`. */
    query,
    impressionUrl: (view: TrackedView) => `${appUrl}${IMPRESSION_PATH}?${query(view)}`,
    clickUrl: (view: TrackedView) => `${appUrl}${CLICK_PATH}?${query(view)}`,
    /** The view a parameter set names, if its signature is genuine. */
    verify(v: unknown, s: unknown): TrackedView | undefined {
      if (typeof v !== 'string' || typeof s !== 'string') return undefined;
      const match = PAYLOAD.exec(v);
      if (!match || !signers.some((signWith) => safeEqual(signWith(v), s))) return undefined;
      return {
        campaignId: Number(match[1]),
        creativeId: Number(match[2]),
        ruleId: Number(match[3]),
        preview: match[4] === 'p',
        ...(match[5] ? { tagId: Number(match[5]) } : {}),
      };
    },
  };
}
export type TrackingLinks = ReturnType<typeof createTrackingLinks>;
