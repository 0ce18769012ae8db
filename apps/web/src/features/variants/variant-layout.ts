import type { CreativeVariant } from '@adstudio/contract';
import { fitScale } from '../../components/ui/ad-frame';

/** A card is at least this wide; as many columns as fit. */
export const CARD_MIN_WIDTH = 240;
export const CARD_GAP = 16;
const CARD_PADDING = 12;
/** The card's text under the ad: label, Unique_ID, markers, the rule's link (one line each). */
const TEXT_HEIGHT = 112;
/** No ad is shown taller than this in a card (a half page is scaled down to fit it). */
const AD_MAX_HEIGHT = 260;
/** At most this many cards play live at once; the others show their backup image or wait. */
export const LIVE_MAX = 12;

export interface GridLayout {
  columns: number;
  /** The ad's scale and its box in a card. */
  scale: number;
  adWidth: number;
  adHeight: number;
  /** A card's height, and a row's (the card and the gap under it): every row is as tall. */
  cardHeight: number;
  rowHeight: number;
}

/** How the grid lays out cards of a `creative`-sized ad in `width` px: fixed rows, so windowing is exact. */
export function gridLayout(width: number, creative: { width: number; height: number }): GridLayout {
  const columns = Math.max(1, Math.floor((width + CARD_GAP) / (CARD_MIN_WIDTH + CARD_GAP)));
  const cardWidth = (Math.max(width, CARD_MIN_WIDTH) - CARD_GAP * (columns - 1)) / columns;
  const scale = fitScale(creative, { width: cardWidth - 2 * CARD_PADDING, height: AD_MAX_HEIGHT });
  const adWidth = Math.floor(creative.width * scale);
  const adHeight = Math.floor(creative.height * scale);
  const cardHeight = adHeight + TEXT_HEIGHT + 2 * CARD_PADDING;
  return { columns, scale, adWidth, adHeight, cardHeight, rowHeight: cardHeight + CARD_GAP };
}

/** How a card shows its variant: its backup image, live in the sandbox, waiting for its turn, or nothing to render. */
export type CardMedia = 'backup' | 'live' | 'waiting' | 'none';

/**
 * What each card of `variants` shows (by index), given the indexes truly on screen `[seenFirst,
 * seenEnd)`: a backup image when the rule has one, else a live render for the first `LIVE_MAX`
 * such cards on screen; cards off screen (mounted ahead of scrolling) never play.
 */
export function cardMedia(
  variants: readonly Pick<CreativeVariant, 'render_url' | 'backup_url'>[],
  seen: { first: number; end: number },
): CardMedia[] {
  let live = 0;
  return variants.map((variant, index) => {
    if (variant.backup_url) return 'backup';
    if (!variant.render_url) return 'none';
    if (index >= seen.first && index < seen.end && live < LIVE_MAX) {
      live += 1;
      return 'live';
    }
    return 'waiting';
  });
}
