import type { Locator, Page } from '@playwright/test';

/**
 * A screenshot to look at, taken only when `E2E_SHOTS` names a folder (`E2E_SHOTS=/tmp/shots`): CI
 * reads text, and a full page's picture costs time in every run.
 */
export async function shot(target: Page | Locator, name: string, { fullPage = false } = {}) {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  const path = `${folder}/${name}.png`;
  if ('goto' in target) await target.screenshot({ path, fullPage });
  else await target.screenshot({ path });
}
