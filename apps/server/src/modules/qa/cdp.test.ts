import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CdpBrowser } from './cdp';
import { qaChromium } from './qa-browser';

// The browser QA uses: the headless shell beside CHROMIUM_PATH when installed (qaChromium).
const CHROMIUM =
  qaChromium(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', process.env.QA_CHROMIUM_PATH)?.path ?? '';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'];

describe('CdpBrowser', () => {
  it('says why Chromium could not start', async () => {
    await expect(
      CdpBrowser.launch({ executablePath: '/nonexistent/chromium', args: ARGS, timeoutMs: 5_000 }),
    ).rejects.toThrow(/ENOENT/);
  });

  describe.skipIf(!fs.existsSync(CHROMIUM))(`with Chromium at ${CHROMIUM}`, () => {
    it('drives a page over flat sessions, and fails what a closed page was asked', async () => {
      // The profile a server killed with -9 left behind: its process is gone.
      const stale = path.join(os.tmpdir(), `adstudio-qa-chromium-${spawnSync('true').pid}-left`);
      fs.mkdirSync(stale, { recursive: true });
      const browser = await CdpBrowser.launch({ executablePath: CHROMIUM, args: ARGS });
      expect(fs.existsSync(stale)).toBe(false);
      try {
        const { targetId } = await browser.root.send('Target.createTarget', { url: 'about:blank' });
        const { sessionId } = await browser.root.send('Target.attachToTarget', { targetId, flatten: true });
        const page = browser.session(sessionId);
        const { result } = await page.send('Runtime.evaluate', {
          expression: '6 * 7',
          returnByValue: true,
        });
        expect(result.value).toBe(42);
        await expect(page.send('Runtime.evaluate', { expression: '(' })).resolves.toHaveProperty(
          'exceptionDetails',
        );
        await expect(page.send('No.suchMethod' as 'Runtime.enable')).rejects.toThrow(/No\.suchMethod/);

        // A promise that never settles: closing its page must end the wait.
        const pending = page.send('Runtime.evaluate', {
          expression: 'new Promise(() => {})',
          awaitPromise: true,
        });
        await browser.root.send('Target.closeTarget', { targetId });
        await expect(pending).rejects.toThrow(/closed/);
      } finally {
        await browser.close();
      }
      expect(browser.connected).toBe(false);
    });

    it('tells when the browser goes away, and fails what is pending', async () => {
      const browser = await CdpBrowser.launch({ executablePath: CHROMIUM, args: ARGS });
      let told = 0;
      browser.onClose(() => told++);
      // Chromium may exit before it answers: either way it is gone.
      await browser.root.send('Browser.close').catch(() => {});
      await expect.poll(() => browser.connected, { timeout: 10_000 }).toBe(false);
      expect(told).toBe(1);
      await expect(browser.root.send('Browser.getVersion')).rejects.toThrow(/Chromium exited/);
      await browser.close();
    });
  });
});
