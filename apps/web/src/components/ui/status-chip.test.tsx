import { STATUSES } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import { STATUS_COLOURS, STATUS_DISPLAY } from './status-chip';

describe('status display (spec section 4)', () => {
  it('has the colour and icon of every status', () => {
    const table = Object.fromEntries(
      STATUSES.map((status) => [status, [STATUS_DISPLAY[status].colour, STATUS_DISPLAY[status].iconName]]),
    );
    expect(table).toEqual({
      draft: ['blue', 'brush'],
      'action required': ['red', 'report'],
      'quality assurance': ['accent', 'image_search'],
      testing: ['accent', 'science'],
      delivered: ['green', 'outgoing_mail'],
      ready: ['blue', 'done'],
      live: ['green', 'play_arrow'],
      finished: ['blue', 'check'],
    });
  });

  it('keeps white text readable (WCAG AA, 4.5:1) on every colour', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (const colour of Object.values(STATUS_COLOURS)) {
      expect(1.05 / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
