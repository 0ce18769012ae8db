import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/campaigns', '/campaigns'],
    ['/campaigns/12?tab=history', '/campaigns/12?tab=history'],
    ['/profiles/3/errors#top', '/profiles/3/errors#top'],
    ['/campaigns/../creatives', '/creatives'],
    ['/', '/dashboard'],
    ['', '/dashboard'],
    [undefined, '/dashboard'],
    [42, '/dashboard'],
    ['//evil.example', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['/%2f%2fevil.example', '/dashboard'],
    ['/%5c%5cevil.example', '/dashboard'],
    ['/.//evil.example', '/dashboard'],
    ['/..//evil.example', '/dashboard'],
    ['/x/../..//evil.example', '/dashboard'],
    ['/redirect//evil.example/x', '/dashboard'],
    ['https://evil.example/', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['/\u0000', '/dashboard'],
    ['/ok\r\nSet-Cookie: x=1', '/dashboard'],
    ['/%E0%A4%A', '/dashboard'],
  ])('%j → %j', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});
