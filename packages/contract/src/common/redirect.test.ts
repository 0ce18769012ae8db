import { describe, expect, it } from 'vitest';
import { safeAppPath } from './redirect';

describe('safeAppPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/', '/'],
    ['/campaigns/12?tab=history', '/campaigns/12?tab=history'],
    ['/profiles/3/errors#top', '/profiles/3/errors#top'],
    ['/campaigns?filter=100%25', '/campaigns?filter=100%25'],
    ['/campaigns?next=//elsewhere', '/campaigns?next=//elsewhere'],
    ['/campaigns/../creatives', '/creatives'],
    ['/x/./y', '/x/y'],
    ['/redirect/campaigns/4', '/redirect/campaigns/4'],
    ['/redirect/campaigns?tab=history', '/redirect/campaigns?tab=history'],
    ['/redirect/', '/redirect/'],
    ['/redirect/https://evil.example', '/redirect/https://evil.example'],
    ['/search/caf%C3%A9', '/search/caf%C3%A9'],
  ])('keeps %j as %j', (input, expected) => {
    expect(safeAppPath(input)).toBe(expected);
  });

  it.each([
    // Another origin, plainly.
    '//evil.example',
    '//evil.example/dashboard',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example',
    'http://evil.example/x',
    'HTTPS://evil.example',
    'javascript:alert(1)',
    'evil.example',
    ' //evil.example',
    '',
    // Dot segments that climb to a protocol-relative path.
    '/.//evil.example',
    '/..//evil.example',
    '/x/../..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E//evil.example',
    '/x/%2e%2e/%2e%2e//evil.example',
    // Encoded slashes and backslashes, once or twice.
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%252F%252Fevil.example',
    '/%5Cevil.example',
    '/%5c%5cevil.example',
    '/ok%5Cpath',
    // Control characters, raw or encoded.
    '/\t/evil.example',
    '/\n/evil.example',
    '/%09/evil.example',
    '/%0d%0aSet-Cookie:%20x=1',
    '/ok\r\nSet-Cookie: x=1',
    '/\u0000',
    '/\u0085',
    // The SPA's /redirect/* route re-enters its target, which must be safe too.
    '/redirect//evil.example/x',
    '/redirect/%2F%2Fevil',
    '/redirect/%2f%2fevil',
    '/redirect/%252F%252Fevil',
    '/redirect/%5Cevil',
    '/REDIRECT//evil.example',
    '/%72edirect//evil.example',
    '/redirect/redirect//evil.example',
    '/redirect/.//evil.example',
    '/redirect/x/../..//evil.example',
    '/x/../redirect//evil.example',
    // Malformed, too long, not text.
    '/%E0%A4%A',
    `/${'a'.repeat(2048)}`,
  ])('refuses %j', (input) => {
    expect(safeAppPath(input)).toBeNull();
  });

  it.each([null, undefined, 42, {}, ['/dashboard']])('refuses the non-string %j', (input) => {
    expect(safeAppPath(input)).toBeNull();
  });
});
