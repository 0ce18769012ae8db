import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gzipAround, gzipParts, gzipTail } from './gzip-parts';

describe('gzipAround', () => {
  it('is the gzip of head + middle + tail, for any parts (empty, repetitive, past one stored block)', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 3000 }),
      fc.string({ maxLength: 20 }).map((s) => s.repeat(200)),
      fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
    );
    fc.assert(
      fc.property(text, text, text, (head, middle, tail) => {
        const parts = gzipParts(Buffer.from(head), Buffer.from(tail));
        const whole = Buffer.from(head + middle + tail);
        expect(gunzipSync(gzipAround(parts, Buffer.from(middle))).equals(whole)).toBe(true);
      }),
      { numRuns: 300 },
    );
    // A middle past one stored block's 65,535 bytes.
    const big = Buffer.alloc(70_000 * 2, 'ab');
    const parts = gzipParts(Buffer.from('<head>'), Buffer.from('</tail>'));
    expect(gunzipSync(gzipAround(parts, big)).toString()).toBe(`<head>${big}</tail>`);
  });

  it('shares one deflated tail between heads', () => {
    const tail = gzipTail(Buffer.from('</script></head><body></body></html>'.repeat(20)));
    for (const head of ['<html><head><script>var content = {"a":1}', '', 'é'.repeat(3000)]) {
      const parts = gzipParts(Buffer.from(head), tail);
      expect(gunzipSync(gzipAround(parts, Buffer.from('"x"'))).toString()).toBe(
        `${head}"x"${tail.plain.toString()}`,
      );
    }
  });

  it('answers one set of parts for many middles, each its own document', () => {
    const parts = gzipParts(Buffer.from('<script>var clickTag = '), Buffer.from(';</script>'.repeat(50)));
    for (const click of ['""', '"https://ad.example/c?u=https%3A%2F%2Fx"', `"${'é'.repeat(500)}"`])
      expect(gunzipSync(gzipAround(parts, Buffer.from(click))).toString()).toBe(
        `<script>var clickTag = ${click}${';</script>'.repeat(50)}`,
      );
  });
});
