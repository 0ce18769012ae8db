import fs from 'node:fs';
import path from 'node:path';
import { SERVER_CHROMIUM_FLAGS } from '../../storage/render-screenshot';
import { CdpBrowser } from './cdp';
import {
  BrowserClicks,
  type CheckPage,
  type CheckTimings,
  checkVariant,
  closePage,
  DEFAULT_TIMINGS,
  openPage,
  type VariantResult,
  type VariantToCheck,
} from './variant-checker';

/**
 * The browser QA runs check variants in (docs/decisions/0136): `QA_CHROMIUM_PATH` when set, else
 * the headless shell installed beside `CHROMIUM_PATH` (Debian's `chromium-headless-shell` puts
 * `/usr/bin/chromium-headless-shell` beside `/usr/bin/chromium`), else `CHROMIUM_PATH` itself.
 * The shell is the same Chromium without a browser's window, tab strip and omnibox, which the full
 * browser draws and updates for every navigation even when headless: it checks a variant for about
 * a third of the CPU. `shell` says whether the path found is one.
 */
export function qaChromium(
  chromiumPath: string | undefined,
  qaChromiumPath: string | undefined,
): { path: string; shell: boolean } | undefined {
  // Debian's chromium-headless-shell, Chrome for Testing's chrome-headless-shell, a build's headless_shell.
  const isShell = (file: string) => /headless[-_]shell/.test(path.basename(file));
  if (qaChromiumPath) return { path: qaChromiumPath, shell: isShell(qaChromiumPath) };
  if (!chromiumPath) return undefined;
  if (isShell(chromiumPath)) return { path: chromiumPath, shell: true };
  const beside = path.join(path.dirname(chromiumPath), 'chromium-headless-shell');
  return fs.existsSync(beside) ? { path: beside, shell: true } : { path: chromiumPath, shell: false };
}

/**
 * The server's Chromium flags (storage/render-screenshot.ts), the quiet of an automated browser
 * (what Playwright would pass: no background work, no throttling of pages out of view, no
 * prompts), and what checking variants adds.
 */
const FLAGS = [
  '--headless',
  ...SERVER_CHROMIUM_FLAGS,
  '--disable-field-trial-config',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-back-forward-cache',
  '--disable-breakpad',
  '--disable-component-extensions-with-background-pages',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--disable-features=DestroyProfileOnBrowserClose,HttpsUpgrades,MediaRouter,PaintHolding,OptimizationHints,NetworkTimeServiceQuerying,PreconnectToSearch',
  '--enable-features=CDPScreenshotNewSurface',
  '--disable-hang-monitor',
  '--disable-ipc-flooding-protection',
  '--disable-prompt-on-repost',
  '--disable-search-engine-choice-screen',
  '--force-color-profile=srgb',
  '--metrics-recording-only',
  '--no-default-browser-check',
  '--no-service-autorun',
  '--password-store=basic',
  '--use-mock-keychain',
  // Render URLs are sandboxed (CSP sandbox: an opaque origin), and with site isolation each
  // navigation to one took a new renderer process: a process start per variant, 3-4× the time.
  // The QA browser holds no user's data, and every page it opens is an ad from our render origin.
  '--disable-site-isolation-trials',
  // No popups: a click's window.open or target=_blank link is read from its opener's
  // Page.windowOpen (the URL it would open), so no window and no renderer is made for it.
  '--block-new-web-contents',
];

export interface QaBrowserOptions {
  /** Chromium's executable (`qaChromium`'s choice). */
  chromiumPath: string;
  /** Variants rendered at once across the whole process (default 6: with the headless shell a check waits more than it computes). */
  pages?: number;
  log?: (message: string) => void;
  /** Steps' time limits (tests shorten them). */
  timings?: Partial<CheckTimings>;
}

/** One run's view of the browser: its own context (cookies, cache), its pages reused. */
export interface QaSession {
  /** Throws only when the browser itself cannot work; a bad creative is findings. */
  check(variant: VariantToCheck): Promise<VariantResult>;
  close(): Promise<void>;
}

export interface QaBrowser {
  session(): QaSession;
  close(): Promise<void>;
}

interface Slots {
  run<T>(task: () => Promise<T>): Promise<T>;
}

function slots(size: number): Slots {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(task) {
      if (busy < size) busy++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        // The slot passes straight to the next waiter, so `busy` counts it still.
        const next = waiting.shift();
        if (next) next();
        else busy--;
      }
    },
  };
}

/**
 * Variants a page checks before a fresh page (and renderer) takes its place: a page kept for a
 * whole 5,000-variant run cost Chromium ~40 % more CPU a variant by its end (docs/decisions/0136).
 */
const PAGE_USES = 100;

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n', 1)[0];

/**
 * One headless Chromium for every QA run (docs/decisions/0127), driven over its DevTools pipe with
 * no driver between (docs/decisions/0135): launched on first use, launched again when it crashes
 * or exits, closed by `close()`. At most `pages` variants render at once, whatever the number of
 * sessions.
 */
export function createQaBrowser({
  chromiumPath,
  pages = 6,
  log = () => {},
  timings,
}: QaBrowserOptions): QaBrowser {
  const limit = slots(pages);
  const steps: CheckTimings = { ...DEFAULT_TIMINGS, ...timings };
  let launched: Promise<CdpBrowser> | null = null;
  let closed = false;
  // One interception per browser: every session's pages share it (docs/decisions/0127).
  const interceptions = new WeakMap<CdpBrowser, Promise<BrowserClicks>>();
  const clicksOf = (started: CdpBrowser) => {
    let clicks = interceptions.get(started);
    if (!clicks) {
      clicks = BrowserClicks.install(started);
      interceptions.set(started, clicks);
      clicks.catch(() => interceptions.delete(started));
    }
    return clicks;
  };

  const browser = (): Promise<CdpBrowser> => {
    if (closed) return Promise.reject(new Error('The QA browser is closed.'));
    if (launched) return launched;
    const launching = CdpBrowser.launch({
      executablePath: chromiumPath,
      args: FLAGS,
      timeoutMs: 30_000,
    }).catch((error: unknown) => {
      throw new Error(`Chromium (${chromiumPath}) could not start: ${messageOf(error)}`);
    });
    const ready = launching;
    launched = ready;
    ready.then(
      (started) =>
        started.onClose(() => {
          if (launched !== ready) return;
          launched = null;
          if (!closed) log('QA browser: Chromium disconnected; the next check starts it again.');
        }),
      () => {
        if (launched === ready) launched = null;
      },
    );
    return ready;
  };

  const session = (): QaSession => {
    let current: {
      browser: CdpBrowser;
      ready: Promise<{ contextId: string; clicks: BrowserClicks }>;
    } | null = null;
    let idle: CheckPage[] = [];
    /** Variants each page has checked. */
    const uses = new WeakMap<CheckPage, number>();
    let ended = false;

    const contextOf = async () => {
      const started = await browser();
      if (current?.browser === started && started.connected) return current.ready;
      idle = [];
      const ready = (async () => {
        // A context of its own: the run's cookies and storage go with it.
        const [{ browserContextId }, clicks] = await Promise.all([
          started.root.send('Target.createBrowserContext', { disposeOnDetach: true }),
          clicksOf(started),
        ]);
        return { contextId: browserContextId, clicks };
      })();
      current = { browser: started, ready };
      return ready;
    };

    const once = async (variant: VariantToCheck) => {
      const started = await browser();
      const { contextId, clicks } = await contextOf();
      // Closing happens in the background: a hung renderer must not hold the slot.
      const discard = (target: CheckPage) => closePage(started, target);
      const target = idle.pop() ?? (await openPage(started, contextId, clicks));
      try {
        const { result, reusable } = await checkVariant(target, variant, steps);
        const used = (uses.get(target) ?? 0) + 1;
        uses.set(target, used);
        if (reusable && !ended && started.connected && used < PAGE_USES) idle.push(target);
        else discard(target);
        return result;
      } catch (error) {
        discard(target);
        throw error;
      }
    };
    return {
      check(toCheck) {
        if (ended) return Promise.reject(new Error('The QA session is closed.'));
        return limit.run(async () => {
          try {
            return await once(toCheck);
          } catch (error) {
            // A browser that died under a check: start it again and try the variant once more.
            log(`QA browser: a check failed (${messageOf(error)}); retrying once.`);
            try {
              return await once(toCheck);
            } catch (again) {
              throw new Error(`The QA browser cannot check variants: ${messageOf(again)}`);
            }
          }
        });
      },
      async close() {
        ended = true;
        const open = current;
        current = null;
        idle = [];
        const context = open && (await open.ready.catch(() => null));
        if (context && open.browser.connected)
          await open.browser.root
            .send('Target.disposeBrowserContext', { browserContextId: context.contextId })
            .catch(() => {});
      },
    };
  };

  return {
    session,
    async close() {
      closed = true;
      const open = launched;
      launched = null;
      if (open) await (await open.catch(() => null))?.close().catch(() => {});
    },
  };
}
