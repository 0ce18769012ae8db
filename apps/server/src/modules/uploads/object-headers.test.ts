import { describe, expect, it } from 'vitest';
import { objectHeaders } from './object-headers';

describe('objectHeaders', () => {
  it.each(['image/png', 'image/webp', 'video/mp4', 'font/woff2', 'IMAGE/JPEG; q=1'])(
    'shows %s inline',
    (type) => {
      expect(objectHeaders(type)).toEqual({
        'content-type': type,
        'x-content-type-options': 'nosniff',
        'content-security-policy': 'sandbox',
        'content-disposition': 'inline',
      });
    },
  );

  it.each(['text/html', 'image/svg+xml', 'text/csv', 'application/zip', 'application/json', 'text/xml'])(
    'downloads %s',
    (type) => {
      expect(objectHeaders(type)).toMatchObject({
        'x-content-type-options': 'nosniff',
        'content-security-policy': 'sandbox',
        'content-disposition': 'attachment',
      });
    },
  );

  it('names no type as octet-stream', () => {
    expect(objectHeaders('')).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment',
    });
  });
});
