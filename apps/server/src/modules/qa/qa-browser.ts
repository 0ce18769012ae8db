import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { SERVER_CHROMIUM_FLAGS } from '../../storage/render-screenshot';
import {
  BrowserClicks,
  type CheckPage,
  type CheckTimings,
  checkVariant,
  DEFAULT_TIMINGS,
  preparePage,
  type VariantResult,
  type VariantToCheck,
  watchWindowOpen,
} from './variant-checker';

/** The server's Chromium flags (storage/render-screenshot.ts), and what checking variants adds. */
const FLAGS = [
  ...SERVER_CHROMIUM_FLAGS,
  // Render URLs are sandboxed (CSP sandbox: an opaque origin), and with site isolation each
  // navigation to one took a new renderer process: a process start per variant, 3-4× the time.
  // The QA browser holds no user's data, and every page it opens is an ad from our render origin.
  '--disable-site-isolation-trials',
  // No popups: a click's window.open or target=_blank link is read from its opener's
  // Page.windowOpen (the URL it would open), so no window and no renderer is made for it.
  '--block-new-web-contents',
];

export interface QaBrowserOptions {
  /** Chromium's executable (`CHROMIUM_PATH`). */
  chromiumPath: string;
  /** Variants rendered at once across the whole process (default 4). */
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

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n', 1)[0];

/**
 * One headless Chromium for every QA run (docs/decisions/0127): launched on first use, launched
 * again when it crashes or disconnects, closed by `close()`. At most `pages` variants render at
 * once, whatever the number of sessions.
 */
export function createQaBrowser({
  chromiumPath,
  pages = 4,
  log = () => {},
  timings,
}: QaBrowserOptions): QaBrowser {
  const limit = slots(pages);
  const steps: CheckTimings = { ...DEFAULT_TIMINGS, ...timings };
  let launched: Promise<Browser> | null = null;
  let closed = false;
  // One interception per browser: every session's pages share it (docs/decisions/0127).
  const interceptions = new WeakMap<Browser, Promise<BrowserClicks>>();
  const clicksOf = (started: Browser) => {
    let clicks = interceptions.get(started);
    if (!clicks) {
      clicks = BrowserClicks.install(started);
      interceptions.set(started, clicks);
      clicks.catch(() => interceptions.delete(started));
    }
    return clicks;
  };

  const browser = (): Promise<Browser> => {
    if (closed) return Promise.reject(new Error('The QA browser is closed.'));
    if (launched) return launched;
    const launching = chromium
      .launch({ executablePath: chromiumPath, args: FLAGS, timeout: 30_000 })
      .catch((error: unknown) => {
        throw new Error(`Chromium (${chromiumPath}) could not start: ${messageOf(error)}`);
      });
    const ready = launching;
    launched = ready;
    ready.then(
      (started) =>
        started.on('disconnected', () => {
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
      browser: Browser;
      ready: Promise<{ context: BrowserContext; clicks: BrowserClicks }>;
    } | null = null;
    let idle: CheckPage[] = [];
    let ended = false;

    const contextOf = async () => {
      const started = await browser();
      if (current?.browser === started && started.isConnected()) return current.ready;
      idle = [];
      const ready = (async () => {
        const [context, clicks] = await Promise.all([
          started
            .newContext({
              viewport: { width: 300, height: 250 },
              deviceScaleFactor: 1,
              serviceWorkers: 'block',
            })
            .then(async (made) => {
              await watchWindowOpen(made);
              return made;
            }),
          clicksOf(started),
        ]);
        return { context, clicks };
      })();
      current = { browser: started, ready };
      return ready;
    };

    // Closing happens in the background: a hung renderer must not hold the slot.
    const discard = (target: CheckPage) => {
      target.clicks.forget();
      void target.page.close().catch(() => {});
    };

    const once = async (variant: VariantToCheck) => {
      const { context, clicks } = await contextOf();
      const target = idle.pop() ?? (await preparePage(await context.newPage(), clicks));
      try {
        const { result, reusable } = await checkVariant(target, variant, steps);
        if (reusable && !ended && !target.page.isClosed()) idle.push(target);
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
        if (open) await (await open.ready.catch(() => null))?.context.close().catch(() => {});
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
