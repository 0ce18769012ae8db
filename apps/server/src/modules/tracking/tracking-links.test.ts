import { describe, expect, it } from 'vitest';
import { createTrackingLinks } from './tracking-links';

const links = createTrackingLinks('base64:a-test-key-of-some-length', 'https://ads.example');
const VIEW = { campaignId: 12, creativeId: 345, ruleId: 0, preview: false };
const parts = (url: string) => {
  const params = new URL(url).searchParams;
  return [params.get('v'), params.get('s')] as const;
};

describe('createTrackingLinks', () => {
  it('signs a view into the trackers’ URLs and verifies it back', () => {
    expect(links.impressionUrl(VIEW)).toMatch(/^https:\/\/ads\.example\/t\/i\?v=12\.345\.0\.l&s=[\w-]{22}$/);
    expect(links.clickUrl(VIEW)).toMatch(/^https:\/\/ads\.example\/t\/c\?v=12\.345\.0\.l&s=[\w-]{22}$/);
    const preview = { ...VIEW, ruleId: 7, preview: true };
    expect(links.verify(...parts(links.clickUrl(preview)))).toEqual(preview);
    expect(links.verify(...parts(links.impressionUrl(VIEW)))).toEqual(VIEW);
  });

  it('refuses a forged, borrowed or tampered parameter set', () => {
    const [v, s] = parts(links.impressionUrl(VIEW));
    const other = parts(links.impressionUrl({ ...VIEW, creativeId: 346 }));
    expect(links.verify(v, 'A'.repeat(22))).toBeUndefined();
    expect(links.verify(v, other[1])).toBeUndefined();
    expect(links.verify('12.346.0.l', s)).toBeUndefined();
    expect(links.verify('12.345.0.p', s)).toBeUndefined();
    expect(links.verify(`${v} `, s)).toBeUndefined();
    expect(links.verify(v, undefined)).toBeUndefined();
    expect(links.verify(undefined, s)).toBeUndefined();
    expect(links.verify([v], s)).toBeUndefined();
  });

  it('signs with a key of its own per APP_KEY', () => {
    const another = createTrackingLinks('base64:another-key', 'https://ads.example');
    expect(another.verify(...parts(links.impressionUrl(VIEW)))).toBeUndefined();
  });

  it('keeps counting links signed with a previous APP_KEY, and signs new ones with the current key', () => {
    const rotated = createTrackingLinks('base64:the-new-key', 'https://ads.example', [
      'base64:a-test-key-of-some-length',
    ]);
    expect(rotated.verify(...parts(links.impressionUrl(VIEW)))).toEqual(VIEW);
    const fresh = parts(rotated.clickUrl(VIEW));
    expect(links.verify(...fresh)).toBeUndefined();
    expect(createTrackingLinks('base64:the-new-key', 'https://ads.example').verify(...fresh)).toEqual(VIEW);
  });
});
