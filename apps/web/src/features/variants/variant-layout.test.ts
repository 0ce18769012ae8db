import { describe, expect, it } from 'vitest';
import { CARD_GAP, cardMedia, gridLayout, LIVE_MAX } from './variant-layout';

describe('gridLayout', () => {
  it('fits as many columns of at least 240 px as the width takes, one on a phone', () => {
    expect(gridLayout(1100, { width: 300, height: 250 }).columns).toBe(4);
    expect(gridLayout(342, { width: 300, height: 250 }).columns).toBe(1);
  });

  it('scales the ad into the card and gives every row the same height', () => {
    const layout = gridLayout(1100, { width: 300, height: 250 });
    // Four cards of 263 px, 12 px padding each side: 239 px for a 300 px ad.
    expect(layout.adWidth).toBe(239);
    expect(layout.rowHeight).toBe(layout.cardHeight + CARD_GAP);
    // A 300 × 600 half page is held to 260 px high.
    expect(gridLayout(1100, { width: 300, height: 600 }).adHeight).toBe(260);
    // Never enlarged.
    expect(gridLayout(1100, { width: 120, height: 60 }).scale).toBe(1);
  });
});

describe('cardMedia', () => {
  const live = { render_url: '/render/x', backup_url: null };
  it('prefers the backup image, plays only cards on screen, and no more than LIVE_MAX of them', () => {
    const variants = [
      { render_url: '/render/x', backup_url: '/b.png' },
      { render_url: null, backup_url: null },
      ...Array.from({ length: LIVE_MAX + 3 }, () => live),
    ];
    const media = cardMedia(variants, { first: 0, end: LIVE_MAX + 3 });
    expect(media.slice(0, 2)).toEqual(['backup', 'none']);
    expect(media.filter((m) => m === 'live')).toHaveLength(LIVE_MAX);
    expect(media.at(-1)).toBe('waiting');
    // Mounted below the screen: waits.
    expect(cardMedia([live, live], { first: 0, end: 1 })).toEqual(['live', 'waiting']);
  });
});
