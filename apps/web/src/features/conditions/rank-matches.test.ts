import { describe, expect, it } from 'vitest';
import { countryOptions } from './codes';
import { fold, rankMatches } from './rank-matches';

const countries = countryOptions();
const ranked = (text: string) =>
  rankMatches(countries, text, (option) => ({ codes: [option.code], name: option.label })).map((o) => o.code);

describe('rankMatches', () => {
  it('lists a name that starts with the text before one that only has it as a later word', () => {
    const codes = ranked('Nether');
    expect(codes.indexOf('NL')).toBeGreaterThanOrEqual(0);
    expect(codes.indexOf('BQ')).toBeGreaterThan(codes.indexOf('NL'));
    expect(codes[0]).toBe('NL');
  });

  it('lists an exact code first', () => {
    expect(ranked('nl')[0]).toBe('NL');
    expect(ranked('FR')[0]).toBe('FR');
    // "fr" is inside "Africa" and "French …": those come after the code.
    expect(ranked('fr').length).toBeGreaterThan(1);
  });

  it('lists an exact name before names that start with it', () => {
    const options = [
      { code: 'A', label: 'Guinea-Bissau' },
      { code: 'B', label: 'Guinea' },
      { code: 'C', label: 'Equatorial Guinea' },
    ];
    const codes = rankMatches(options, 'guinea', (o) => ({ codes: [o.code], name: o.label })).map(
      (o) => o.code,
    );
    expect(codes).toEqual(['B', 'A', 'C']);
  });

  it('ignores accents, case and hyphens, answers nothing that does not match, and keeps at most max', () => {
    expect(fold('Île-de-France')).toBe('ile de france');
    expect(ranked('côte')).toContain('CI');
    expect(ranked('zzzz')).toEqual([]);
    expect(rankMatches(countries, 'a', (o) => ({ codes: [o.code], name: o.label }), 5)).toHaveLength(5);
    expect(rankMatches(countries, '', (o) => ({ codes: [o.code], name: o.label }), 3)).toEqual(
      countries.slice(0, 3),
    );
  });
});
