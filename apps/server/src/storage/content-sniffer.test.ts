import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isUtf8Text, SNIFF_HEAD_BYTES, sniffFile, sniffHead } from './content-sniffer';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('isUtf8Text', () => {
  it('accepts UTF-8, with or without a BOM', () => {
    expect(isUtf8Text(bytes('Unique_ID,Label\n1,Frühling €\n'), true)).toBe(true);
    expect(isUtf8Text(bytes('\uFEFFa,b\n'), true)).toBe(true);
  });

  it('refuses NUL bytes and invalid sequences', () => {
    expect(isUtf8Text(bytes('a,b\u0000\n'), true)).toBe(false);
    expect(isUtf8Text(new Uint8Array([0x61, 0xff, 0x62]), true)).toBe(false);
    expect(isUtf8Text(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), true)).toBe(false);
  });

  it('forgives a character cut by the end of the head, but not by the end of the file', () => {
    const cut = bytes('ab€').subarray(0, 4); // '€' is three bytes
    expect(isUtf8Text(cut, false)).toBe(true);
    expect(isUtf8Text(cut, true)).toBe(false);
  });
});

describe('sniffHead', () => {
  it.each([
    ['<!DOCTYPE html><html></html>', 'text/html'],
    ['\uFEFF  \n<html lang="en">', 'text/html'],
    ['<script>alert(1)</script>', 'text/html'],
    ['<!-- hi --><p>x</p>', 'text/html'],
    ['<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml'],
    ['<!-- drawn --><svg width="1">', 'image/svg+xml'],
    ['<svg>', 'image/svg+xml'],
  ])('finds markup in %j', (text, markup) => {
    expect(sniffHead(bytes(text), true)).toEqual({ markup, text: true });
  });

  it.each(['a,b\n<html>', '<note>x</note>', '{"html": "<p>"}'])('finds none in %j', (text) => {
    expect(sniffHead(bytes(text), true).markup).toBeUndefined();
  });
});

describe('sniffFile', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sniff-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads the magic bytes and judges text from the head only', async () => {
    const file = path.join(dir, 'big.csv');
    // Text for the whole head, then a NUL that must not be read.
    fs.writeFileSync(file, Buffer.concat([Buffer.alloc(SNIFF_HEAD_BYTES, 'a'), Buffer.from([0])]));
    expect(await sniffFile(file)).toEqual({ text: true });

    const gif = path.join(dir, 'x.gif');
    fs.writeFileSync(
      gif,
      Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
    );
    expect(await sniffFile(gif)).toEqual({ magic: { mime: 'image/gif', ext: 'gif' }, text: false });
  });
});
