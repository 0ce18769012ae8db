import { describe, expect, it } from 'vitest';
import { DARK_THEME_KEY, readDarkTheme } from './theme-mode';

const storage = (value: string | null) => ({
  getItem: (key: string) => (key === DARK_THEME_KEY ? value : null),
});

describe('theme (spec section 4)', () => {
  it('is stored under darkTheme and defaults to dark', () => {
    expect(DARK_THEME_KEY).toBe('darkTheme');
    expect(readDarkTheme(storage(null))).toBe(true);
    expect(readDarkTheme(storage('true'))).toBe(true);
    expect(readDarkTheme(storage('false'))).toBe(false);
  });
});
