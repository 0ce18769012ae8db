import type { Page } from '@playwright/test';
import { buildZip } from '../apps/server/src/storage/zip-writer';
import { expect } from './fixtures';

/**
 * Uploads a one-file HTML5 package (`html` as its index.html) on the creative's Packages tab and
 * approves it once unpacked, as a user would: the creative then renders it.
 */
export async function uploadApprovedPackage(page: Page, creativeId: number, file: string, html: string) {
  await page.goto(`/creatives/${creativeId}?tab=packages`);
  await page.getByLabel('Package zip').setInputFiles({
    name: file,
    mimeType: 'application/zip',
    buffer: buildZip([{ name: 'index.html', data: html, store: true }]),
  });
  const version = page.getByTestId('package-version').filter({ hasText: file });
  await expect(version).toHaveAttribute('data-processing', 'ready');
  await version.getByRole('button', { name: 'Approve' }).click();
  await expect(version).toHaveAttribute('data-status', 'approved');
}
