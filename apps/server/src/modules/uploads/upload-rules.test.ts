import { describe, expect, it } from 'vitest';
import type { SniffedContent } from '../../storage/content-sniffer';
import { essenceOf, formatBytes, judgeContent, sizeProblem } from './upload-rules';

const magic = (mime: string, ext: string): SniffedContent => ({ magic: { mime, ext }, text: false });
const TEXT: SniffedContent = { text: true };

describe('essenceOf', () => {
  it.each([
    ['Text/CSV; charset=utf-8', 'text/csv'],
    [' image/PNG ', 'image/png'],
    ['', ''],
  ])('%j → %j', (type, essence) => {
    expect(essenceOf(type)).toBe(essence);
  });
});

describe('sizeProblem', () => {
  it('refuses an empty file and one over the limit, not one at it', () => {
    expect(sizeProblem(0, 10)).toBe('The file is empty.');
    expect(sizeProblem(11, 10)).toBe('The file is larger than 10 bytes.');
    expect(sizeProblem(10, 10)).toBeUndefined();
    expect(sizeProblem(100 * 1024 ** 2 + 1, 100 * 1024 ** 2)).toBe('The file is larger than 100 MB.');
  });

  it.each([
    [512, '512 bytes'],
    [2048, '2 KB'],
    [1536 * 1024, '1.5 MB'],
    [200 * 1024 ** 2, '200 MB'],
  ])('formats %d bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('judgeContent', () => {
  it('takes the detected type when nothing was declared', () => {
    expect(judgeContent('asset', 'application/octet-stream', magic('image/webp', 'webp'))).toEqual({
      ok: true,
      contentType: 'image/webp',
      extension: 'webp',
    });
  });

  it.each([
    ['image/png', magic('image/apng', 'apng')],
    ['application/font-woff', magic('font/woff', 'woff')],
    ['application/x-zip-compressed', magic('application/zip', 'zip')],
    ['IMAGE/JPG', magic('image/jpeg', 'jpg')],
  ])('treats the declared %s as the same format as what was found', (declared, sniffed) => {
    const purpose = sniffed.magic?.ext === 'zip' ? 'package' : 'asset';
    expect(judgeContent(purpose, declared, sniffed).ok).toBe(true);
  });

  it('drops the parameters file-type gives', () => {
    expect(judgeContent('asset', '', magic('audio/ogg; codecs=opus', 'opus'))).toEqual({
      ok: false,
      reason: 'The file is an audio/ogg, which is not allowed here.',
    });
  });

  it('names an SVG that file-type only calls XML', () => {
    const sniffed: SniffedContent = {
      magic: { mime: 'application/xml', ext: 'xml' },
      markup: 'image/svg+xml',
      text: true,
    };
    expect(judgeContent('asset', 'image/png', sniffed)).toEqual({
      ok: false,
      reason: 'The file is an image/svg+xml, which is not allowed here.',
    });
  });

  it('takes a text feed at its declared type, whatever its first bytes resemble', () => {
    expect(
      judgeContent('feed', 'text/tab-separated-values', { ...magic('image/bmp', 'bmp'), text: true }),
    ).toEqual({
      ok: true,
      contentType: 'text/tab-separated-values',
      extension: 'tsv',
    });
  });

  it('takes CSV and JSON assets as declared, and no other text', () => {
    expect(judgeContent('asset', 'text/csv', TEXT)).toEqual({
      ok: true,
      contentType: 'text/csv',
      extension: 'csv',
    });
    expect(judgeContent('asset', 'application/json; charset=utf-8', TEXT)).toEqual({
      ok: true,
      contentType: 'application/json',
      extension: 'json',
    });
    expect(judgeContent('asset', 'text/plain', TEXT)).toEqual({
      ok: false,
      reason: 'The file is text, so its declared type must be text/csv or application/json (not text/plain).',
    });
    expect(judgeContent('asset', 'text/csv', { ...magic('audio/mpeg', 'mp3'), text: false })).toEqual({
      ok: false,
      reason: 'The file is not UTF-8 text, so it cannot be a text/csv.',
    });
  });

  it('never takes markup a browser would run as CSV or JSON, but a feed is only parsed', () => {
    const page: SniffedContent = { markup: 'text/html', text: true };
    expect(judgeContent('asset', 'text/csv', page)).toEqual({
      ok: false,
      reason: 'The file is a text/html, which is not allowed here.',
    });
    expect(judgeContent('asset', 'application/json', { markup: 'image/svg+xml', text: true })).toEqual({
      ok: false,
      reason: 'The file is an image/svg+xml, which is not allowed here.',
    });
    expect(judgeContent('feed', 'text/csv', page).ok).toBe(true);
  });

  it('does not take text as a package', () => {
    expect(judgeContent('package', 'text/plain', { markup: 'text/html', text: true })).toEqual({
      ok: false,
      reason: 'The file is a text/html, which is not allowed here.',
    });
    expect(judgeContent('package', 'text/csv', TEXT)).toEqual({
      ok: false,
      reason: 'The file is a text/plain, which is not allowed here.',
    });
  });
});
