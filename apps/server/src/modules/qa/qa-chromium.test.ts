import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qaChromium } from './qa-browser';

describe('qaChromium: the browser QA runs use', () => {
  let dir: string;
  let bin: string;
  let elsewhere: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-chromium-'));
    bin = path.join(dir, 'bin');
    elsewhere = path.join(dir, 'opt');
    fs.mkdirSync(bin);
    fs.mkdirSync(elsewhere);
    for (const file of [
      path.join(bin, 'chromium'),
      path.join(bin, 'chromium-headless-shell'),
      path.join(elsewhere, 'chromium'),
    ])
      fs.writeFileSync(file, '#!/bin/sh\n', { mode: 0o755 });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is the headless shell beside CHROMIUM_PATH when one is installed there', () => {
    expect(qaChromium(path.join(bin, 'chromium'), undefined)).toEqual({
      path: path.join(bin, 'chromium-headless-shell'),
      shell: true,
    });
  });

  it('is CHROMIUM_PATH itself, a full browser, when no shell is beside it', () => {
    expect(qaChromium(path.join(elsewhere, 'chromium'), undefined)).toEqual({
      path: path.join(elsewhere, 'chromium'),
      shell: false,
    });
  });

  it('is QA_CHROMIUM_PATH when set, whatever is beside CHROMIUM_PATH, and without one', () => {
    const own = path.join(elsewhere, 'chrome-headless-shell');
    expect(qaChromium(path.join(bin, 'chromium'), own)).toEqual({ path: own, shell: true });
    expect(qaChromium(undefined, path.join(elsewhere, 'chromium'))).toEqual({
      path: path.join(elsewhere, 'chromium'),
      shell: false,
    });
  });

  it('is a shell named as CHROMIUM_PATH, and nothing without either setting', () => {
    expect(qaChromium(path.join(bin, 'chromium-headless-shell'), undefined)?.shell).toBe(true);
    expect(qaChromium(undefined, undefined)).toBeUndefined();
  });
});
