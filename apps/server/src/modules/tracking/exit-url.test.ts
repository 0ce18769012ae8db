import { describe, expect, it } from 'vitest';
import { followableUrl, ruleExitUrl } from './exit-url';

describe('ruleExitUrl', () => {
  it.each(['Exit_URL', 'exit_url', 'Exit URL', 'exit-url', 'EXITURL', 'Exit _- URL'])(
    'reads the exit column spelled %s',
    (column) =>
      expect(ruleExitUrl({ Headline: 'Hi', [column]: ' https://a.example/x ' })).toBe('https://a.example/x'),
  );

  it('has none without an exit column, or with a blank or non-text one', () => {
    expect(ruleExitUrl({ Headline: 'Hi', Landing: 'https://a.example' })).toBeUndefined();
    expect(ruleExitUrl({ Exit_URL: '  ' })).toBeUndefined();
    expect(ruleExitUrl({ Exit_URL: 42 })).toBeUndefined();
    expect(ruleExitUrl({ Exit_URLs: 'https://a.example' })).toBeUndefined();
    expect(ruleExitUrl(null)).toBeUndefined();
    expect(ruleExitUrl(['https://a.example'])).toBeUndefined();
  });

  it('takes the first non-blank exit column', () => {
    expect(ruleExitUrl({ Exit_URL: '', 'Exit URL': 'https://b.example/' })).toBe('https://b.example/');
  });
});

describe('followableUrl', () => {
  it('follows absolute http and https URLs, as the URL parser writes them', () => {
    expect(followableUrl('https://shop.example/p?id=1#top')).toBe('https://shop.example/p?id=1#top');
    expect(followableUrl('HTTP://Shop.Example')).toBe('http://shop.example/');
    expect(followableUrl('https://shop.example/a b\n')).toBe('https://shop.example/a%20b');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://files.example/a',
    '//shop.example/p',
    '/landing',
    'shop.example',
    'not a url',
    '',
    null,
    undefined,
  ])('refuses %s', (url) => expect(followableUrl(url)).toBeUndefined());
});
