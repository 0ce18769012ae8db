import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Serious and critical axe violations, one line each (rule, impact, where). All of axe's default
 * rules run: WCAG 2.0/2.1 A and AA (wcag2a, wcag2aa, wcag21a, wcag21aa) and its best practices.
 * `frames: false` leaves out iframes: an ad's own document is the advertiser's, not ours.
 */
export async function seriousViolations(page: Page, { frames = true }: { frames?: boolean } = {}) {
  // A menu, banner or refetching list fading in or out has its text at part opacity: axe reads
  // contrast once they are whole. Endless animations (spinners) are part of the state looked at.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
  const axe = new AxeBuilder({ page });
  if (!frames) axe.exclude('iframe');
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Axe finds nothing serious (outside the ads' frames), and the page is no wider than the screen. */
export async function expectClean(page: Page, what: string) {
  expect(await seriousViolations(page, { frames: false }), what).toEqual([]);
  const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wider, `${what}: wider than the screen by`).toBe(0);
}
