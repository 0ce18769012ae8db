import { encodeSearchQuery as contractEncode } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import { encodeSearchQuery, parseSearchResponse, resultId } from './search';

describe('search query encoding', () => {
  it('base64-encodes the trimmed query', () => {
    expect(encodeSearchQuery('  summer ')).toBe(encodeURIComponent(btoa('summer')));
    expect(encodeSearchQuery('summer')).toBe('c3VtbWVy');
  });
  it('encodes UTF-8 bytes, so any script works', () => {
    expect(encodeSearchQuery('café')).toBe('Y2Fmw6k%3D');
    expect(atob(decodeURIComponent(encodeSearchQuery('日本')))).toBe('\u00e6\u0097\u00a5\u00e6\u009c\u00ac');
    expect(encodeSearchQuery('🚀')).toBe(encodeURIComponent('8J+agA=='));
  });
  it('makes base64 safe for a path segment', () => {
    const encoded = encodeSearchQuery('??>');
    expect(encoded).not.toMatch(/[/+=]/);
    expect(atob(decodeURIComponent(encoded))).toBe('??>');
  });
  it('matches the contract encoder the server decodes against', () => {
    for (const query of ['summer', ' café ', '日本', '🚀 launch/2026?']) {
      expect(encodeSearchQuery(query)).toBe(contractEncode(query));
    }
  });
});

describe('search results', () => {
  it('takes the id from the last path segment of the url', () => {
    expect(resultId('/campaigns/42')).toBe('42');
    expect(resultId('/creatives/7/')).toBe('7');
    expect(resultId('https://x.test/profiles/9?tab=rules')).toBe('9');
  });
  it('reads a list or an object of results and drops unknown entries', () => {
    const campaign = {
      type: 'campaign',
      title: 'Summer',
      url: '/campaigns/1',
      searchable: { status: 'live' },
    };
    expect(parseSearchResponse({ data: [campaign, { type: 'other' }] })).toHaveLength(1);
    expect(parseSearchResponse({ data: { a: campaign } })).toHaveLength(1);
    expect(parseSearchResponse({ data: [] })).toEqual([]);
    expect(parseSearchResponse('')).toEqual([]);
    expect(parseSearchResponse({ data: [{ ...campaign, searchable: null }] })[0]?.searchable).toEqual({});
  });
});
