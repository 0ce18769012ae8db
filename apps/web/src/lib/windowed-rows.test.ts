import { describe, expect, it } from 'vitest';
import { rowWindow } from './windowed-rows';

const list = { count: 20, rowHeight: 100, overscan: 1 };

describe('rowWindow', () => {
  it('mounts the rows on screen and one more on each side', () => {
    // The list starts 250 px down a 600 px viewport: rows 0–3 show, row 4 is the overscan.
    expect(rowWindow(list, { top: 250, viewport: 600 })).toEqual({ first: 0, end: 5 });
    // Scrolled 1,000 px past the list's top: rows 10–15 show, 9 and 16 are kept ready.
    expect(rowWindow(list, { top: -1000, viewport: 550 })).toEqual({ first: 9, end: 17 });
  });

  it('stays inside the list at its ends, and is empty when the list is off screen or empty', () => {
    expect(rowWindow(list, { top: -1900, viewport: 800 })).toEqual({ first: 18, end: 20 });
    expect(rowWindow({ ...list, overscan: 0 }, { top: 900, viewport: 800 })).toEqual({ first: 0, end: 0 });
    expect(rowWindow({ ...list, overscan: 0 }, { top: -5000, viewport: 800 })).toEqual({
      first: 20,
      end: 20,
    });
    expect(rowWindow({ ...list, count: 0 }, { top: 0, viewport: 800 })).toEqual({ first: 0, end: 0 });
  });
});
