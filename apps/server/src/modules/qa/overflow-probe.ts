/**
 * What the overflow probe reports: one entry per block whose text does not fit, and the media
 * elements that loaded nothing they could show.
 */
export interface ProbeResult {
  overflows: ProbeOverflow[];
  /** Images that completed without decoding and videos in an error state (their URLs). */
  brokenMedia: string[];
}

export interface ProbeOverflow {
  /** The block's text, whitespace collapsed (the caller shortens it). */
  text: string;
  /** `box`: beyond the block's own box; `clipped`: cut by an ancestor's overflow; `ellipsis`; `bounds`: beyond the ad. */
  reason: 'box' | 'clipped' | 'ellipsis' | 'bounds';
  axis: 'width' | 'height';
  /** Pixels the text takes, and pixels it has, along `axis`. */
  needs: number;
  has: number;
}

// The page's globals, as far as the probe uses them: the server is not compiled against the DOM
// (its lib would clash with Node's types), so the probe declares the little it reads.
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}
interface PageElement {
  parentElement: PageElement | null;
  tagName: string;
  textContent: string | null;
  clientLeft: number;
  clientTop: number;
  clientWidth: number;
  clientHeight: number;
  getBoundingClientRect(): Box;
  checkVisibility(options?: { opacityProperty?: boolean; visibilityProperty?: boolean }): boolean;
}
interface PageText {
  parentElement: PageElement | null;
  textContent: string | null;
}
interface PageStyle {
  display: string;
  clip: string;
  clipPath: string;
  overflow: string;
  overflowX: string;
  overflowY: string;
  textOverflow: string;
  lineHeight: string;
}
interface PageAnimation {
  effect: { getComputedTiming(): { iterations?: number } } | null;
  finish(): void;
}
interface PageDocument {
  body: PageElement | null;
  documentElement: PageElement;
  createTreeWalker(root: PageElement, show: number): { nextNode(): PageText | null };
  createRange(): { selectNodeContents(node: PageText): void; getClientRects(): Iterable<Box> };
  getAnimations(): PageAnimation[];
  images: Iterable<PageElement & { currentSrc: string; complete: boolean; naturalWidth: number }>;
  querySelectorAll(selector: 'video'): Iterable<{ error: unknown; currentSrc: string }>;
}
declare const document: PageDocument;
declare const window: unknown;
declare function getComputedStyle(element: PageElement): PageStyle;

export interface ProbeArgs {
  width: number;
  height: number;
  maxFindings: number;
}

/**
 * Runs in the page (page.evaluate): first brings animations to their end state (Web Animations,
 * i.e. CSS animations and transitions, and GSAP's timelines), then measures every visible text
 * node against its block's box, its clipping ancestors and the ad's bounds (docs/decisions/0127).
 * Self-contained: it must serialise, so it uses nothing from outside its own body.
 */
export function overflowProbe({ width, height, maxFindings }: ProbeArgs): ProbeResult {
  const win = window as unknown as {
    gsap?: {
      globalTimeline?: { getChildren(a: boolean, b: boolean, c: boolean): { progress(n: number): void }[] };
    };
    TimelineLite?: { exportRoot(): { progress(n: number): void } };
  };
  for (const animation of document.getAnimations()) {
    try {
      if (animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY) animation.finish();
    } catch {
      // An animation that cannot finish (no end) keeps its current frame.
    }
  }
  try {
    for (const child of win.gsap?.globalTimeline?.getChildren(false, true, true) ?? []) child.progress(1);
    win.TimelineLite?.exportRoot().progress(1);
  } catch {
    // A timeline whose callbacks throw keeps whatever frame it reached.
  }

  const tolerance = 1;
  const overflows: ProbeOverflow[] = [];
  const seen = new Set<PageElement>();
  const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
  const blockOf = (element: PageElement): PageElement => {
    let at: PageElement | null = element;
    while (at && at !== document.body) {
      const display = getComputedStyle(at).display;
      if (display !== 'inline' && display !== 'contents') return at;
      at = at.parentElement;
    }
    return at ?? element;
  };
  // Text hidden on purpose: the screen-reader pattern (a 1 px box that clips, or clip: rect(0…)).
  const deliberatelyHidden = (element: PageElement): boolean => {
    for (let at: PageElement | null = element; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return true;
      const box = at.getBoundingClientRect();
      if ((box.width <= 1 || box.height <= 1) && style.overflow !== 'visible') return true;
    }
    return false;
  };
  const report = (block: PageElement, entry: Omit<ProbeOverflow, 'text'>) => {
    if (seen.has(block) || overflows.length >= maxFindings) return;
    seen.add(block);
    overflows.push({ text: collapse(block.textContent ?? ''), ...entry });
  };

  const walker = document.createTreeWalker(
    document.body ?? document.documentElement,
    /* NodeFilter.SHOW_TEXT */ 4,
  );
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim()) continue;
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TITLE'].includes(parent.tagName)) continue;
    if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
    if (rects.length === 0) continue;
    const text = {
      left: Math.min(...rects.map((r) => r.left)),
      top: Math.min(...rects.map((r) => r.top)),
      right: Math.max(...rects.map((r) => r.right)),
      bottom: Math.max(...rects.map((r) => r.bottom)),
    };
    // Entirely outside the ad: parked off stage (or off-screen for screen readers), not overflowing.
    if (text.right <= 0 || text.bottom <= 0 || text.left >= width || text.top >= height) continue;
    if (deliberatelyHidden(parent)) continue;
    // A line box lower than the font's content area (line-height below ~1.2) lets glyph boxes
    // poke out of their block by half the difference; that is tight leading, not overflow.
    const style = getComputedStyle(parent);
    const lineHeight = Number.parseFloat(style.lineHeight);
    const lineRect = Math.max(...rects.map((r) => r.height));
    const slackY = tolerance + (Number.isFinite(lineHeight) ? Math.max(0, (lineRect - lineHeight) / 2) : 0);
    const beyond = (box: { left: number; top: number; right: number; bottom: number }) => ({
      x: text.left < box.left - tolerance || text.right > box.right + tolerance,
      y: text.top < box.top - slackY || text.bottom > box.bottom + slackY,
    });
    const block = blockOf(parent);
    const size = (
      axis: 'width' | 'height',
      box: { left: number; top: number; right: number; bottom: number },
    ) =>
      axis === 'width'
        ? {
            needs: Math.round(Math.max(text.right, box.right) - Math.min(text.left, box.left)),
            has: Math.round(box.right - box.left),
          }
        : {
            needs: Math.round(Math.max(text.bottom, box.bottom) - Math.min(text.top, box.top)),
            has: Math.round(box.bottom - box.top),
          };

    // Cut by a clipping ancestor (overflow hidden, clip, scroll, auto): its padding box.
    let clipped = false;
    for (let at: PageElement | null = parent; at && at !== document.documentElement; at = at.parentElement) {
      const overflow = getComputedStyle(at);
      const clipsX = overflow.overflowX !== 'visible';
      const clipsY = overflow.overflowY !== 'visible';
      if (!clipsX && !clipsY) continue;
      const outer = at.getBoundingClientRect();
      const left = outer.left + at.clientLeft;
      const top = outer.top + at.clientTop;
      const box = { left, top, right: left + at.clientWidth, bottom: top + at.clientHeight };
      // Wholly outside its clip box: hidden on purpose (a slide waiting its turn).
      if (
        text.right <= box.left ||
        text.left >= box.right ||
        text.bottom <= box.top ||
        text.top >= box.bottom
      ) {
        clipped = true;
        break;
      }
      const out = beyond(box);
      if ((clipsX && out.x) || (clipsY && out.y)) {
        const axis = clipsX && out.x ? 'width' : 'height';
        const ellipsis = getComputedStyle(at).textOverflow === 'ellipsis' && axis === 'width';
        const reason = at === document.body ? 'bounds' : ellipsis ? 'ellipsis' : 'clipped';
        report(at === document.body ? block : at, { reason, axis, ...size(axis, box) });
        clipped = true;
        break;
      }
    }
    if (clipped) continue;

    if (block !== document.body && block !== document.documentElement) {
      const outer = block.getBoundingClientRect();
      const out = beyond(outer);
      if (out.x || out.y) {
        const axis = out.x ? 'width' : 'height';
        report(block, { reason: 'box', axis, ...size(axis, outer) });
        continue;
      }
    }
    const out = beyond({ left: 0, top: 0, right: width, bottom: height });
    if (out.x || out.y) {
      const axis = out.x ? 'width' : 'height';
      report(block, {
        reason: 'bounds',
        axis,
        ...size(axis, { left: 0, top: 0, right: width, bottom: height }),
      });
    }
  }

  const brokenMedia: string[] = [];
  for (const image of document.images) {
    if (image.currentSrc && image.complete && image.naturalWidth === 0 && image.checkVisibility()) {
      brokenMedia.push(image.currentSrc);
    }
  }
  for (const video of document.querySelectorAll('video')) {
    if (video.error && video.currentSrc) brokenMedia.push(video.currentSrc);
  }
  return { overflows, brokenMedia };
}
