import { setTimeout as wait } from 'node:timers/promises';
import {
  QA_HEAVY_AD_NETWORK_BYTES,
  QA_HEAVY_AD_PEAK_CPU_MS,
  QA_HEAVY_AD_PEAK_WINDOW_MS,
  QA_INITIAL_LOAD_MAX_BYTES,
  type QaFindingKind,
  type QaSeverity,
} from '@adstudio/contract';
import { type CdpBrowser, type CdpEventParams, type CdpSession, TIMED_OUT, within } from './cdp';
import { overflowProbe, type ProbeOverflow, type ProbeResult } from './overflow-probe';

/** One variant to render and check (docs/decisions/0127). */
export interface VariantToCheck {
  /** The variant's render URL: the page is the creative itself. */
  url: string;
  /** The creative's size: the viewport is exactly this. */
  width: number;
  height: number;
  /** The click tracker's URL the variant's clickTag is: a click must request exactly this. */
  clickUrl: string;
}

export interface CheckFinding {
  kind: QaFindingKind;
  severity: QaSeverity;
  /** What is wrong and what to change, in plain words. */
  message: string;
  /** broken_media: the URL that failed. */
  url?: string;
  /** text_overflow: the text that does not fit (its first ~60 characters). */
  text?: string;
}

export interface VariantResult {
  findings: CheckFinding[];
  /** PNG at width×height, only when there are findings (taken before the click). */
  screenshot: Buffer | null;
  /** Network bytes as received (encoded): by the load event, and by the end of the observation. */
  bytes: { initial: number; total: number };
  /** Main-thread task time during the observation. */
  cpuMs: number;
}

/** How long each step may take; a variant is bounded by `variantMs` in all. */
export interface CheckTimings {
  /** Until the load event. */
  loadMs: number;
  /** Wall time after load and fonts, for scripts to fill the ad and to measure its CPU rate. */
  settleMs: number;
  /** For a click to reach the tracker. */
  clickMs: number;
  variantMs: number;
}

export const DEFAULT_TIMINGS: CheckTimings = {
  loadMs: 5_000,
  settleMs: 250,
  clickMs: 2_500,
  variantMs: 10_000,
};

/** Chrome's heavy-ad CPU rule (15 s in any 30 s) as a share of the time observed after load. */
const CPU_BUSY_SHARE = QA_HEAVY_AD_PEAK_CPU_MS / QA_HEAVY_AD_PEAK_WINDOW_MS;
/** Shorter windows say more about start-up work than about a rate. */
const CPU_MIN_WINDOW_S = 0.1;
/**
 * Real CPU time a page must have used in the window to be judged at all: a light ad's work after
 * load (a fade-in, a few layouts) stays well below it however loaded the machine is.
 */
const CPU_MIN_BUSY_S = 0.05;
/** The share of the confirming window in tasks that counts as never idle, whatever the CPU. */
const CPU_NEVER_IDLE_SHARE = 0.9;
/** The second, longer window that confirms a busy settle. */
const CPU_CONFIRM_MS = 1_000;
/** How long the probe waits for web fonts before measuring with what it has. */
const FONTS_MS = 1_000;
const TEXT_CHARS = 60;
const MAX_OVERFLOWS = 10;
const MAX_SCRIPT_ERRORS = 5;
/** How long the metrics, then the probe, may take to answer before the page counts as frozen. */
const METRICS_MS = 2_000;
const PROBE_MS = 3_000;
/**
 * How long downloads still under way when the page is judged are waited for, while what it has
 * downloaded is under the heavy-ad limit: an ad that fetches megabytes after its load event is
 * heavy however slowly they come (on a loaded machine a 5 MB fetch was still arriving).
 */
const DOWNLOADS_MS = 5_000;
const DOWNLOADS_POLL_MS = 50;

interface NetEntry {
  url: string;
  type: string;
  status?: number;
  failure?: string;
  bytes: number;
  /** When it was sent and when it ended (CDP's monotonic seconds, as the load event's). */
  startedAt: number;
  finishedAt?: number;
  done: boolean;
}

/**
 * The network as the page's own CDP session sees it, one variant at a time: events of the document
 * a previous variant left (its loader ids) are ignored, so a late response cannot count twice.
 */
export class NetworkLog {
  entries = new Map<string, NetEntry>();
  loadAt: number | null = null;
  /** The main frame's document as answered last (after any redirects): its HTTP status. */
  documentStatus: number | null = null;
  private loaders = new Set<string>();
  private stale = new Set<string>();

  constructor(cdp: CdpSession, mainFrameId: string) {
    cdp.on('Network.requestWillBeSent', (e) => {
      if (this.stale.has(e.loaderId) || e.request.url.startsWith('data:')) return;
      this.loaders.add(e.loaderId);
      const earlier = this.entries.get(e.requestId);
      this.entries.set(e.requestId, {
        url: e.request.url,
        type: e.type ?? 'Other',
        bytes: earlier?.bytes ?? 0,
        startedAt: e.timestamp,
        done: false,
      });
    });
    cdp.on('Network.responseReceived', (e) => {
      const entry = this.entries.get(e.requestId);
      if (!entry) return;
      entry.status = e.response.status;
      entry.url = e.response.url;
      if (e.type === 'Document' && e.frameId === mainFrameId) this.documentStatus = e.response.status;
    });
    cdp.on('Network.dataReceived', (e) => {
      const entry = this.entries.get(e.requestId);
      if (entry) entry.bytes += e.encodedDataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const entry = this.entries.get(e.requestId);
      if (!entry) return;
      entry.bytes = Math.max(entry.bytes, e.encodedDataLength);
      entry.finishedAt = e.timestamp;
      entry.done = true;
    });
    cdp.on('Network.loadingFailed', (e) => {
      const entry = this.entries.get(e.requestId);
      if (!entry) return;
      entry.done = true;
      entry.finishedAt = e.timestamp;
      if (!e.canceled) entry.failure = e.blockedReason ? `blocked: ${e.blockedReason}` : e.errorText;
    });
    cdp.on('Page.loadEventFired', (e) => {
      if (this.loadAt === null && this.entries.size > 0) this.loadAt = e.timestamp;
    });
  }

  reset() {
    this.stale = new Set([...this.stale, ...this.loaders].slice(-32));
    this.loaders.clear();
    this.entries.clear();
    this.loadAt = null;
    this.documentStatus = null;
  }

  /**
   * Whether a response is still arriving (its headers in, its body not yet whole), or a request
   * sent after the load event is still unanswered. One from before the load that never answers
   * held the load itself back: that is a broken medium, not a download to wait for.
   */
  downloading(): boolean {
    for (const entry of this.entries.values())
      if (
        !entry.done &&
        (entry.status !== undefined || (this.loadAt !== null && entry.startedAt >= this.loadAt))
      )
        return true;
    return false;
  }

  bytes(): VariantResult['bytes'] {
    let initial = 0;
    let total = 0;
    for (const entry of this.entries.values()) {
      total += entry.bytes;
      if (this.loadAt === null || (entry.finishedAt !== undefined && entry.finishedAt <= this.loadAt)) {
        initial += entry.bytes;
      }
    }
    return { initial, total };
  }
}

/** The binding the page's `window.open` calls instead of opening a window. */
const OPEN_BINDING = '__adstudioQaOpen';
/**
 * `window.open` in every frame, before the ad's own scripts (docs/decisions/0134): it tells the
 * checker the URL (made absolute) and opens nothing, answering null as a blocked popup does. A
 * popup, even one Chromium blocks at once (`--block-new-web-contents`), cost the browser process
 * about 40 % of a variant's CPU. A click-through by `window.open` (clickTag, Enabler.exit) is read
 * from the call; one by a link with a target is still seen through Page.windowOpen and the
 * browser's interception.
 */
const OPEN_SHIM = `(() => {
  window.open = function (url) {
    var href = url === undefined || url === null ? '' : String(url);
    try { href = new URL(href, document.baseURI).href; } catch (e) {}
    try { window.${OPEN_BINDING}(href); } catch (e) {}
    return null;
  };
})();`;
/** A page (a target of its own, attached flat) a session reuses for variant after variant. */
export interface CheckPage {
  targetId: string;
  cdp: CdpSession;
  network: NetworkLog;
  clicks: ClickGuard;
  /** The page's `window.open` calls go to the variant being checked on it. */
  onOpen: ((url: string) => void) | null;
  /** The viewport set last, so an unchanged size costs no round trip. */
  size: { width: number; height: number } | null;
}

/**
 * A new page in `browserContextId`, watched: network (no cache: each variant's weight counts every
 * file of its package, however many variants share them), page and runtime events, performance
 * counters, and the `window.open` shim.
 */
export async function openPage(
  browser: CdpBrowser,
  browserContextId: string,
  clicks: BrowserClicks,
): Promise<CheckPage> {
  const { targetId } = await browser.root.send('Target.createTarget', {
    url: 'about:blank',
    browserContextId,
  });
  const { sessionId } = await browser.root.send('Target.attachToTarget', { targetId, flatten: true });
  const cdp = browser.session(sessionId);
  const [{ frameTree }] = await Promise.all([
    cdp.send('Page.getFrameTree'),
    cdp.send('Page.enable'),
    cdp.send('Page.setLifecycleEventsEnabled', { enabled: true }),
    cdp.send('Network.enable'),
    cdp.send('Runtime.enable'),
    cdp.send('Log.enable'),
    cdp.send('Inspector.enable'),
    cdp.send('Performance.enable'),
    cdp.send('Network.setCacheDisabled', { cacheDisabled: true }),
    cdp.send('Network.setBypassServiceWorker', { bypass: true }),
    // Each page acts as the one in front, as an ad on a page being read is.
    cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true }),
    cdp.send('Runtime.addBinding', { name: OPEN_BINDING }),
    cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: OPEN_SHIM }),
  ]);
  const mainFrameId = frameTree.frame.id;
  const target: CheckPage = {
    targetId,
    cdp,
    network: new NetworkLog(cdp, mainFrameId),
    clicks: clicks.forPage(cdp, mainFrameId),
    onOpen: null,
    size: null,
  };
  cdp.on('Runtime.bindingCalled', ({ name, payload }) => {
    if (name === OPEN_BINDING) target.onOpen?.(payload);
  });
  return target;
}

/** Closes the page in the background: a hung renderer must not hold its caller. */
export function closePage(browser: CdpBrowser, target: CheckPage): void {
  target.clicks.forget();
  target.onOpen = null;
  browser.root.send('Target.closeTarget', { targetId: target.targetId }).catch(() => {});
}

interface ClickWatch {
  href: string;
  armed: boolean;
  hit: boolean;
  /** Where a click went instead of the tracker (a navigation or a popup elsewhere). */
  elsewhere: string | null;
  onHit: () => void;
}

const normalise = (url: string) => {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
};

/** A Fetch URL pattern matching `text` literally, then anything (`*`, `?` and `\` are its wildcards). */
const literal = (text: string) => text.replace(/[\\*?]/g, (char) => `\\${char}`);

/**
 * The browser's interception (CDP Fetch on the browser's own session, so a popup's request is
 * caught too) and only for what must be stopped: each variant's click URL, always (answered 204,
 * so the tracker counts nothing and nothing is followed), and documents: a page's main-frame
 * navigation once its click is armed is stopped and named, a popup's is stopped. Every other
 * request goes through without a round trip to node (docs/decisions/0127).
 */
export class BrowserClicks {
  /** Each page's watch, by its main frame's id. */
  private watches = new Map<string, ClickWatch>();
  /** Frames of our pages (main frames and iframes): a document of any other frame is a popup's. */
  private frames = new Set<string>();
  /** The click URL bases the browser intercepts now. */
  private sent: { key: string; bases: Set<string>; done: Promise<unknown> } | null = null;

  private constructor(private cdp: CdpSession) {
    cdp.on('Fetch.requestPaused', (event) => void this.paused(event));
  }

  static async install(browser: CdpBrowser): Promise<BrowserClicks> {
    const clicks = new BrowserClicks(browser.root);
    await clicks.update();
    return clicks;
  }

  /** A page's handle: its frames are told apart from popups' from now on. */
  forPage(cdp: CdpSession, mainFrameId: string): ClickGuard {
    this.frames.add(mainFrameId);
    cdp.on('Page.frameAttached', ({ frameId }) => void this.frames.add(frameId));
    cdp.on('Page.frameDetached', ({ frameId }) => void this.frames.delete(frameId));
    return {
      start: (clickUrl) => {
        const href = normalise(clickUrl);
        const watch: ClickWatch = { href, armed: false, hit: false, elsewhere: null, onHit: () => {} };
        this.watches.set(mainFrameId, watch);
        return { watch, installed: this.update() };
      },
      arm: () => {
        const watch = this.watches.get(mainFrameId);
        if (watch) watch.armed = true;
      },
      stop: () => {
        const watch = this.watches.get(mainFrameId);
        if (watch) watch.armed = false;
      },
      forget: () => {
        this.watches.delete(mainFrameId);
        this.frames.delete(mainFrameId);
      },
    };
  }

  /**
   * The patterns for the click URLs watched now: sent only when they change, since every change
   * makes Chromium set up its interception again in every page. The tracker's click URLs differ
   * only in their query, so a run sends them once.
   */
  private update() {
    // A click URL's pattern is the URL without its query (matched exactly below).
    const bases = [
      ...new Set([...this.watches.values()].map(({ href }) => href.split(/[?#]/, 1)[0] ?? href)),
    ].sort();
    const key = bases.join('\n');
    if (this.sent?.key === key || (this.sent && bases.every((base) => this.sent?.bases.has(base))))
      return this.sent.done;
    const done = this.cdp.send('Fetch.enable', {
      patterns: [
        ...bases.map((base) => ({ urlPattern: `${literal(base)}*`, requestStage: 'Request' as const })),
        { urlPattern: '*', resourceType: 'Document' as const, requestStage: 'Request' as const },
      ],
    });
    this.sent = { key, bases: new Set(bases), done };
    done.catch(() => {
      if (this.sent?.done === done) this.sent = null;
    });
    return done;
  }

  private async paused(event: CdpEventParams<'Fetch.requestPaused'>) {
    const { requestId, frameId } = event;
    try {
      const href = normalise(event.request.url);
      const own = this.watches.get(frameId);
      // Click URLs are one per variant: a request for one counts for its check, whichever frame made it.
      const watch =
        own?.href === href ? own : [...this.watches.values()].find((candidate) => candidate.href === href);
      if (watch) {
        if (watch.armed && !watch.hit) {
          watch.hit = true;
          watch.onHit();
        }
        return await this.cdp.send('Fetch.fulfillRequest', {
          requestId,
          responseCode: 204,
          responseHeaders: [],
        });
      }
      const popup = event.resourceType === 'Document' && !this.frames.has(frameId);
      if (popup || (own?.armed && event.resourceType === 'Document')) {
        // Where a popup went is told by its opener's Page.windowOpen.
        if (own && !popup) own.elsewhere ??= event.request.url;
        return await this.cdp.send('Fetch.failRequest', { requestId, errorReason: 'Aborted' });
      }
      await this.cdp.send('Fetch.continueRequest', { requestId });
    } catch {
      // The page or the browser closed meanwhile: nothing left to answer.
    }
  }
}

/** One page's part of the browser's interception. */
export interface ClickGuard {
  /** Watches the variant's click URL; `installed` resolves once the browser intercepts it. */
  start(clickUrl: string): { watch: ClickWatch; installed: Promise<unknown> };
  /** From now on the page's own navigations count as where its click went. */
  arm(): void;
  stop(): void;
  /** The page is closed. */
  forget(): void;
}

const shorten = (text: string, chars: number) =>
  text.length > chars ? `${text.slice(0, chars - 1)}…` : text;
const firstLine = (text: string) => text.split('\n', 1)[0]?.trim() ?? '';
const kb = (bytes: number) => Math.round(bytes / 1024);

interface Metrics {
  /** Main-thread task time (wall), as Chrome's heavy-ad rule counts it. */
  taskS: number;
  /** Main-thread CPU time: what the page really computed, whatever else the machine runs. */
  threadS: number;
  at: number;
}

async function metrics(cdp: CdpSession, ms: number): Promise<Metrics | null> {
  const answer = await within(cdp.send('Performance.getMetrics'), ms).catch(() => TIMED_OUT);
  if (typeof answer === 'symbol') return null;
  const value = (name: string) => answer.metrics.find((metric) => metric.name === name)?.value ?? 0;
  return { taskS: value('TaskDuration'), threadS: value('ThreadTime'), at: value('Timestamp') };
}

const MEDIA_WORDS: Record<string, string> = {
  Image: 'image',
  Media: 'video',
  Font: 'font',
  Script: 'script',
  Stylesheet: 'stylesheet',
};

function overflowFinding({ text, reason, axis, needs, has }: ProbeOverflow): CheckFinding {
  const quoted = `"${shorten(text, 28)}"`;
  const need = `needs ${needs} px of ${axis}, has ${has} px`;
  const message =
    reason === 'bounds'
      ? `The text ${quoted} runs outside the ad (${need}): shorten it or move its box inside the ad.`
      : reason === 'ellipsis'
        ? `The text ${quoted} is cut short with an ellipsis (${need}): shorten it or let the box grow.`
        : reason === 'clipped'
          ? `The text ${quoted} is cut off by its box (${need}): shorten it or let the box grow.`
          : `The text ${quoted} does not fit its box (${need}): shorten it or let the box grow.`;
  return { kind: 'text_overflow', severity: 'error', message, text: shorten(text, TEXT_CHARS) };
}

function mediaFindings(network: NetworkLog, probe: ProbeResult | null, loaded: boolean): CheckFinding[] {
  const findings: CheckFinding[] = [];
  const reported = new Set<string>();
  for (const entry of network.entries.values()) {
    const what = MEDIA_WORDS[entry.type];
    if (!what || reported.has(entry.url)) continue;
    const failed = entry.failure && !(entry.type === 'Media' && entry.failure === 'net::ERR_ABORTED');
    const problem =
      entry.status !== undefined && entry.status >= 400
        ? `answers HTTP ${entry.status}`
        : failed
          ? `fails to load (${entry.failure})`
          : !entry.done && !loaded
            ? 'does not finish loading'
            : null;
    if (!problem) continue;
    reported.add(entry.url);
    findings.push({
      kind: 'broken_media',
      severity: 'error',
      url: entry.url,
      message: `The ${what} ${shorten(entry.url, 160)} ${problem}: fix its URL in the feed or the file in the package.`,
    });
  }
  for (const url of probe?.brokenMedia ?? []) {
    if (reported.has(url)) continue;
    reported.add(url);
    findings.push({
      kind: 'broken_media',
      severity: 'error',
      url,
      message: `The media file ${shorten(url, 160)} loads but cannot be shown (not a valid image or video): replace the file.`,
    });
  }
  return findings;
}

function weightFindings(bytes: VariantResult['bytes'], busyShare: number | null): CheckFinding[] {
  const findings: CheckFinding[] = [];
  if (bytes.total > QA_HEAVY_AD_NETWORK_BYTES) {
    findings.push({
      kind: 'weight',
      severity: 'error',
      message: `The ad downloads ${(bytes.total / 1024 / 1024).toFixed(1)} MB, over Chrome's heavy-ad limit of ${QA_HEAVY_AD_NETWORK_BYTES / 1024 / 1024} MB (Chrome would remove it): make its images and videos smaller.`,
    });
  } else if (bytes.initial > QA_INITIAL_LOAD_MAX_BYTES) {
    findings.push({
      kind: 'weight',
      severity: 'warning',
      message: `The ad loads ${kb(bytes.initial)} KB before it is shown, over the IAB LEAN initial load of ${kb(QA_INITIAL_LOAD_MAX_BYTES)} KB: compress its images and fonts, or load the rest after the load event.`,
    });
  }
  if (busyShare !== null && busyShare >= CPU_BUSY_SHARE) {
    findings.push({
      kind: 'weight',
      severity: 'error',
      message:
        busyShare >= 1
          ? `The ad's script never lets the page respond (its main thread stays busy): Chrome removes ads that use ${QA_HEAVY_AD_PEAK_CPU_MS / 1000} s of CPU in any ${QA_HEAVY_AD_PEAK_WINDOW_MS / 1000} s. Remove the endless loop.`
          : `The ad keeps the processor busy ${Math.round(busyShare * 100)} % of the time after loading; Chrome removes ads that use ${QA_HEAVY_AD_PEAK_CPU_MS / 1000} s of CPU in any ${QA_HEAVY_AD_PEAK_WINDOW_MS / 1000} s: lighten its scripts and animations.`,
    });
  }
  return findings;
}

/**
 * The main thread's busy share between two metrics, or null when it does not count as busy. Task
 * time stretches when other pages take the cores: a page counts as busy only when its own CPU time
 * (which does not stretch) is half the rule's share of the window too, and a large amount.
 */
function busyOver(from: Metrics | null, to: Metrics | null): number | null {
  if (!from || !to) return null;
  const window = to.at - from.at;
  const cpuS = to.threadS - from.threadS;
  if (window < CPU_MIN_WINDOW_S || cpuS / window < CPU_BUSY_SHARE / 2 || cpuS < CPU_MIN_BUSY_S) return null;
  return (to.taskS - from.taskS) / window;
}

/** The share of a window the main thread spent in tasks, however little CPU it got (0 for no window). */
function taskShare(from: Metrics | null, to: Metrics | null): number {
  if (!from || !to || to.at - from.at < CPU_MIN_WINDOW_S) return 0;
  return (to.taskS - from.taskS) / (to.at - from.at);
}

/**
 * Renders one variant on a reused page and checks it: load (bytes by the load event), fonts, a
 * short settle (the CPU rate after load), animations finished and text measured, network and
 * script findings, a screenshot when anything was found, then a click at the centre, last.
 * A bad creative never throws: it is findings. `reusable` is false when the page should be
 * dropped (a step timed out, the renderer crashed).
 */
export async function checkVariant(
  target: CheckPage,
  variant: VariantToCheck,
  timings: CheckTimings = DEFAULT_TIMINGS,
): Promise<{ result: VariantResult; reusable: boolean }> {
  const { cdp, network, clicks } = target;
  const deadline = Date.now() + timings.variantMs;
  const left = (ms: number) => Math.max(1, Math.min(ms, deadline - Date.now()));
  const findings: CheckFinding[] = [];
  const scriptErrors = new Map<string, string>();
  let crashed = false;
  let onCrashed = () => {};
  const crash = new Promise<typeof CRASHED>((resolve) => {
    onCrashed = () => resolve(CRASHED);
  });
  let reusable = true;

  const addScriptError = (text: string, where = '') => {
    const line = firstLine(text);
    // The network's own complaint: a broken media finding already says it.
    if (line.startsWith('Failed to load resource')) return;
    if (!scriptErrors.has(line)) scriptErrors.set(line, where);
  };
  const onException = ({
    exceptionDetails: { exception, text },
  }: CdpEventParams<'Runtime.exceptionThrown'>) =>
    addScriptError(
      exception?.description ??
        (exception && 'value' in exception ? `${text} ${String(exception.value)}` : text),
    );
  const onConsole = ({ type, args, stackTrace }: CdpEventParams<'Runtime.consoleAPICalled'>) => {
    if (type !== 'error') return;
    const frame = stackTrace?.callFrames[0];
    addScriptError(args.map(argText).join(' '), frame?.url ? `${frame.url}:${frame.lineNumber + 1}` : '');
  };
  // The browser's own messages at error level (a refused script, a blocked frame), as a console shows them.
  const onLog = ({ entry }: CdpEventParams<'Log.entryAdded'>) => {
    if (entry.level !== 'error' || entry.source === 'worker' || entry.source === 'network') return;
    addScriptError(entry.text, entry.url ? `${entry.url}:${(entry.lineNumber ?? 0) + 1}` : '');
  };
  // What a popup would open, told by the browser as the page asks for it: a popup of the tracker
  // is a click-through (qa-browser's Chromium makes no popup windows, so nothing is followed).
  const onWindowOpen = ({ url }: { url: string }) => {
    if (!watch.armed) return;
    if (normalise(url) === watch.href) {
      if (!watch.hit) {
        watch.hit = true;
        watch.onHit();
      }
    } else watch.elsewhere ??= url;
  };
  const onCrash = () => {
    crashed = true;
    onCrashed();
  };
  cdp.on('Runtime.exceptionThrown', onException);
  cdp.on('Runtime.consoleAPICalled', onConsole);
  cdp.on('Log.entryAdded', onLog);
  cdp.on('Inspector.targetCrashed', onCrash);
  network.reset();
  const { watch, installed } = clicks.start(variant.clickUrl);
  installed.catch(() => {});
  cdp.on('Page.windowOpen', onWindowOpen);
  target.onOpen = (url) => onWindowOpen({ url });

  let screenshot: Buffer | null = null;
  const shoot = async () => {
    // A page that does not answer draws no new frame: there is nothing to take.
    if (screenshot || crashed || !reusable) return;
    const shot = await within(cdp.send('Page.captureScreenshot', { format: 'png' }), left(3_000)).catch(
      () => null,
    );
    if (shot && shot !== TIMED_OUT) screenshot = Buffer.from(shot.data, 'base64');
  };
  let bytes = { initial: 0, total: 0 };
  let cpuMs = 0;

  try {
    if (target.size?.width !== variant.width || target.size?.height !== variant.height) {
      await cdp.send('Emulation.setDeviceMetricsOverride', {
        width: variant.width,
        height: variant.height,
        deviceScaleFactor: 1,
        mobile: false,
      });
      target.size = { width: variant.width, height: variant.height };
    }
    const [before] = await Promise.all([metrics(cdp, left(2_000)), installed]);

    const navigation = await navigate(target, variant.url, left(timings.loadMs), crash);
    const loaded = navigation === 'loaded';
    if (navigation === 'loaded' && (network.documentStatus ?? 0) >= 400) {
      findings.push({
        kind: 'broken_media',
        severity: 'error',
        url: variant.url,
        message: `The variant's page answers HTTP ${network.documentStatus}: check that the creative has a package and that its render works.`,
      });
      await shoot();
      bytes = network.bytes();
      return { result: { findings, screenshot, bytes, cpuMs }, reusable };
    }
    if (navigation === CRASHED || (navigation !== 'loaded' && navigation !== TIMED_OUT)) {
      findings.push({
        kind: 'broken_media',
        severity: 'error',
        url: variant.url,
        message:
          navigation === CRASHED
            ? 'The ad crashed its page (out of memory or a renderer fault): make it lighter.'
            : `The variant's page does not load (${navigation.error}): check that the render URL works.`,
      });
      reusable = false;
      bytes = network.bytes();
      return { result: { findings, screenshot, bytes, cpuMs }, reusable };
    }
    if (navigation === TIMED_OUT) {
      // Nothing answered for the variant's own page: the previous variant may still be on screen.
      const answered = [...network.entries.values()].some(
        (entry) => entry.type === 'Document' && entry.status,
      );
      if (!answered) {
        findings.push({
          kind: 'broken_media',
          severity: 'error',
          url: variant.url,
          message: `The variant's page does not answer within ${timings.loadMs / 1000} s: check that the render URL works.`,
        });
        return { result: { findings, screenshot, bytes, cpuMs }, reusable: false };
      }
    }

    // Fonts first (a file that arrives after load is not the ad's CPU), then the window the CPU
    // rate is judged over: two metrics calls around the settle, which waits here, not in the page,
    // so that the window holds the ad's own work only (the probe's measuring once made a clean ad
    // on a loaded machine look busy). The probe comes after.
    await within(evaluate(cdp, 'document.fonts.ready.then(() => true)'), left(FONTS_MS));
    const afterLoad = await metrics(cdp, left(METRICS_MS));
    await wait(left(timings.settleMs));
    let settledAt = afterLoad ? await metrics(cdp, left(METRICS_MS)) : null;
    let busyShare = busyOver(afterLoad, settledAt);
    if (settledAt && (busyShare !== null || taskShare(afterLoad, settledAt) >= CPU_BUSY_SHARE)) {
      // A busy settle may be a clean ad's one-off work (a decode, a collection) on a loaded
      // machine, and a page whose tasks filled the window while other pages had the cores got too
      // little CPU to tell: a longer second window decides, and only it counts.
      await wait(left(CPU_CONFIRM_MS));
      const confirmed = await metrics(cdp, left(METRICS_MS));
      busyShare = busyOver(settledAt, confirmed);
      // A main thread that never idled through the whole second is busy, however little CPU the
      // machine gave it: a light ad's tasks leave it idle most of the time even when stretched.
      const filled = taskShare(settledAt, confirmed);
      if (busyShare === null && filled >= CPU_NEVER_IDLE_SHARE) busyShare = filled;
      settledAt = confirmed;
    }
    const probe = await within(probeIn(cdp, variant), left(PROBE_MS));
    // A page that answers neither its metrics nor the probe has a main thread that never yields;
    // a slow machine answers late, not never.
    const settled = probe !== TIMED_OUT ? settledAt : null;
    if (settled) {
      // The counter starts again with a new renderer process (a navigation may swap it).
      const since = before && before.taskS <= settled.taskS ? before.taskS : 0;
      cpuMs = Math.round((settled.taskS - since) * 1000);
    }
    if (probe === TIMED_OUT) {
      busyShare = 1;
      reusable = false;
    } else findings.push(...probe.overflows.map(overflowFinding));
    // A load that never ended with nothing pending is the machine's slowness, not the ad's fault.
    findings.push(...mediaFindings(network, probe === TIMED_OUT ? null : probe, loaded));
    for (
      const until = Date.now() + left(DOWNLOADS_MS);
      network.downloading() && network.bytes().total <= QA_HEAVY_AD_NETWORK_BYTES && Date.now() < until;
    )
      await wait(DOWNLOADS_POLL_MS);
    bytes = network.bytes();
    findings.push(...weightFindings(bytes, busyShare));
    findings.push(...scriptFindings(scriptErrors));
    if (findings.length > 0) await shoot();
    if (reusable && !crashed) {
      const errorsBefore = scriptErrors.size;
      await clickThrough(target, watch, variant, timings.clickMs, left(5_000));
      if (!watch.hit) {
        findings.push({
          kind: 'no_click_through',
          severity: 'error',
          message: watch.elsewhere
            ? `Clicking the ad goes nowhere we can count: it opens ${shorten(watch.elsewhere, 120)} directly, not the click tracker. Use clickTag (or Enabler.exit) for the click-through.`
            : `Clicking the ad goes nowhere: a click at its centre did not reach the click tracker within ${timings.clickMs / 1000} s. Use clickTag (or Enabler.exit) for the click-through.`,
        });
      }
      if (scriptErrors.size > errorsBefore) {
        const known = new Set(findings.map((finding) => finding.message));
        findings.push(...scriptFindings(scriptErrors).filter((finding) => !known.has(finding.message)));
      }
      if (findings.length > 0) await shoot();
    }
    if (crashed) {
      reusable = false;
      findings.push({
        kind: 'script_error',
        severity: 'error',
        message: 'The ad crashed its page (out of memory or a renderer fault): make it lighter.',
      });
    }
    return { result: { findings, screenshot, bytes, cpuMs }, reusable };
  } finally {
    clicks.stop();
    cdp.off('Runtime.exceptionThrown', onException);
    cdp.off('Runtime.consoleAPICalled', onConsole);
    cdp.off('Log.entryAdded', onLog);
    cdp.off('Inspector.targetCrashed', onCrash);
    cdp.off('Page.windowOpen', onWindowOpen);
    target.onOpen = null;
  }
}

function scriptFindings(errors: Map<string, string>): CheckFinding[] {
  return [...errors].slice(0, MAX_SCRIPT_ERRORS).map(([line, where]) => ({
    kind: 'script_error' as const,
    severity: 'error' as const,
    message: `The ad's script fails: "${shorten(line, 160)}"${where ? ` (${shorten(where, 120)})` : ''}. Fix the script in the package or the value it reads from the feed.`,
  }));
}

/** An expression's value in the page's main world (awaited when it is a promise). */
async function evaluate<T>(cdp: CdpSession, expression: string): Promise<T> {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    expression,
    awaitPromise: true,
    returnByValue: true,
  });
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return result.value as T;
}

/** A console call's argument as the console writes it. */
function argText(arg: CdpEventParams<'Runtime.consoleAPICalled'>['args'][number]): string {
  if (typeof arg.value === 'string') return arg.value;
  if (arg.value !== undefined) return JSON.stringify(arg.value);
  return arg.unserializableValue ?? arg.description ?? arg.type;
}

const CRASHED = Symbol('crashed');

/**
 * Navigates the page and waits for the new document's load event (told apart from an old one's by
 * its loader): `loaded`, the error Chromium gives for a navigation that failed, TIMED_OUT or
 * CRASHED. A 4xx or 5xx with an empty body is Chromium's own error page: it counts as loaded, and
 * the document's status says the rest.
 */
async function navigate(
  { cdp, network }: CheckPage,
  url: string,
  ms: number,
  crash: Promise<typeof CRASHED>,
): Promise<'loaded' | { error: string } | typeof TIMED_OUT | typeof CRASHED> {
  const loadedLoaders = new Set<string>();
  let wanted: string | null = null;
  let onLoad = () => {};
  const load = new Promise<'loaded'>((resolve) => {
    onLoad = () => resolve('loaded');
  });
  const onLifecycle = ({ name, loaderId }: CdpEventParams<'Page.lifecycleEvent'>) => {
    if (name !== 'load') return;
    loadedLoaders.add(loaderId);
    if (loaderId === wanted) onLoad();
  };
  cdp.on('Page.lifecycleEvent', onLifecycle);
  const deadline = Date.now() + ms;
  try {
    const started = await within(Promise.race([cdp.send('Page.navigate', { url }), crash]), ms);
    if (started === TIMED_OUT || started === CRASHED) return started;
    if (started.errorText === 'net::ERR_HTTP_RESPONSE_CODE_FAILURE' && network.documentStatus)
      return 'loaded';
    if (started.errorText) return { error: started.errorText };
    wanted = started.loaderId ?? null;
    if (wanted && loadedLoaders.has(wanted)) return 'loaded';
    return await within(Promise.race([load, crash]), Math.max(1, deadline - Date.now()));
  } finally {
    cdp.off('Page.lifecycleEvent', onLifecycle);
  }
}

/** The probe as a string: tsx and vitest name functions with a `__name` helper the page lacks. */
function probeIn(cdp: CdpSession, { width, height }: VariantToCheck): Promise<ProbeResult> {
  const args = JSON.stringify({ width, height, maxFindings: MAX_OVERFLOWS });
  return evaluate(
    cdp,
    `(() => {
      const __name = (f) => f;
      return (${overflowProbe.toString()})(${args});
    })()`,
  );
}

async function clickThrough(
  { cdp, clicks }: CheckPage,
  watch: ClickWatch,
  variant: VariantToCheck,
  clickMs: number,
  ms: number,
) {
  const hit = new Promise<void>((resolve) => {
    watch.onHit = resolve;
  });
  const at = { x: variant.width / 2, y: variant.height / 2, button: 'left' as const, clickCount: 1 };
  // Armed, then moved, pressed and released in one go: the browser answers each once the page has
  // handled it (its listeners ran). The tracker gets `clickMs` from then, so a busy machine
  // delays the click rather than failing it.
  clicks.arm();
  const clicked = Promise.all([
    cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: at.x, y: at.y }),
    cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...at }),
    cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...at }),
  ]);
  if ((await within(clicked, ms)) === TIMED_OUT) return;
  await within(hit, clickMs);
}
