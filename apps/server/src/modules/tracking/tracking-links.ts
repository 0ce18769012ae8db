import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
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
  /** A holdout view: the creative's static control, served to measure the lift (issue 46). */
  holdout?: boolean;
}

/** Paths of the trackers (docs/design.md §9). */
export const IMPRESSION_PATH = '/t/i';
export const CLICK_PATH = '/t/c';
export const CONVERSION_PATH = '/t/conversion';

/** 128 bits of HMAC-SHA-256: enough that no signature can be guessed, short enough for ad calls. */
const SIGNATURE_CHARS = 22;
const PAYLOAD = /^([0-9]{1,10})\.([0-9]{1,10})\.([0-9]{1,10})\.([plh])(?:\.([1-9][0-9]{0,9}))?$/;

/** A click id: `{campaign}.{creative}.{rule}.{tag|0}.{l|h}.{clicked at, base-36 seconds}.{nonce}.{signature}`. */
const CLICK_ID =
  /^([0-9]{1,10})\.([0-9]{1,10})\.([0-9]{1,10})\.([0-9]{1,10})\.([lh])\.([0-9a-z]{1,8})\.([A-Za-z0-9_-]{8})\.([A-Za-z0-9_-]{22})$/;

/** What a click id names: the clicked view and when the click was. */
export interface ClickedView extends Omit<TrackedView, 'preview'> {
  clickedAt: Date;
}

/** The signing function of one app key: its own HMAC key, derived for one purpose alone. */
function trackingSigner(appKey: string, purpose = 'tracking v1') {
  const key = Buffer.from(hkdfSync('sha256', appKey, 'adstudio', purpose, 32));
  return (payload: string) =>
    createHmac('sha256', key).update(payload).digest('base64url').slice(0, SIGNATURE_CHARS);
}

/**
 * Signed parameter sets of the trackers: `?v={campaign}.{creative}.{rule}.{p|l|h}[.{tag}]&s={signature}`
 * (`h`: a live holdout view), so
 * counts cannot be forged for other creatives (docs/design.md §9). The key is derived from APP_KEY
 * for this purpose alone. The links never expire (they sit in ad servers' tags for as long as a
 * campaign runs), so after a rotation those signed with a key of `previousKeys` are still counted.
 */
export function createTrackingLinks(appKey: string, appUrl: string, previousKeys: readonly string[] = []) {
  const sign = trackingSigner(appKey);
  const signers = [sign, ...previousKeys.map((key) => trackingSigner(key))];
  const signClick = trackingSigner(appKey, 'click ids v1');
  const clickSigners = [signClick, ...previousKeys.map((key) => trackingSigner(key, 'click ids v1'))];
  const payloadOf = (view: TrackedView) =>
    `${view.campaignId}.${view.creativeId}.${view.ruleId}.${view.preview ? 'p' : view.holdout ? 'h' : 'l'}${view.tagId ? `.${view.tagId}` : ''}`;
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
        ...(match[4] === 'h' ? { holdout: true } : {}),
      };
    },

    /**
     * A click's id (issue 46): the clicked view and the moment, signed, with a random nonce so
     * every click has its own. The advertiser hands it back with a conversion; nothing is stored
     * on the click, the id itself names what the conversion is attributed to.
     */
    clickId(view: Omit<TrackedView, 'preview'>, at: Date): string {
      const nonce = randomBytes(6).toString('base64url');
      const payload = `${view.campaignId}.${view.creativeId}.${view.ruleId}.${view.tagId ?? 0}.${view.holdout ? 'h' : 'l'}.${Math.floor(at.getTime() / 1000).toString(36)}.${nonce}`;
      return `${payload}.${signClick(payload)}`;
    },

    /** The view and moment a click id names, if it is genuine. */
    verifyClickId(id: unknown): ClickedView | undefined {
      if (typeof id !== 'string') return undefined;
      const match = CLICK_ID.exec(id);
      if (!match) return undefined;
      const payload = id.slice(0, id.length - match[8]!.length - 1);
      if (!clickSigners.some((signWith) => safeEqual(signWith(payload), match[8]!))) return undefined;
      return {
        campaignId: Number(match[1]),
        creativeId: Number(match[2]),
        ruleId: Number(match[3]),
        ...(match[4] !== '0' ? { tagId: Number(match[4]) } : {}),
        ...(match[5] === 'h' ? { holdout: true } : {}),
        clickedAt: new Date(Number.parseInt(match[6]!, 36) * 1000),
      };
    },
  };
}
export type TrackingLinks = ReturnType<typeof createTrackingLinks>;
