import type { Page } from '@playwright/test';
import { buildZip } from '../apps/server/src/storage/zip-writer';
import { alertBanner, apiAs, expect, test, unique } from './fixtures';

interface DemoCreative {
  id: number;
  name: string;
  width: number;
  height: number;
  profile_id: number | null;
}

test.use({ role: 'admin' });

/** A zip of stored (uncompressed) text files, written by the server's own zip writer. */
const zip = (files: Record<string, string>): Buffer =>
  buildZip(Object.entries(files).map(([name, data]) => ({ name, data, store: true })));

/**
 * An HTML5 ad of the creative's size: its inline script and its own script file each write a line,
 * so the test sees the frame ran both.
 */
const adZip = ({ width, height }: DemoCreative) =>
  zip({
    'index.html': `<!doctype html><html><head><meta charset="utf-8">
<meta name="ad.size" content="width=${width},height=${height}">
<script>var clickTag = "https://www.example.com/landing";</script>
</head><body style="margin:0;font:16px sans-serif">
<a id="ad" href="javascript:window.open(clickTag)">Summer sale</a>
<p id="message">Waiting for the script</p>
<p id="file">Waiting for ad.js</p>
<script>document.getElementById('message').textContent = 'Hello from the ad';</script>
<script src="ad.js"></script>
</body></html>`,
    'ad.js': "document.getElementById('file').textContent = 'ad.js ran';\n",
  });

const demoCreatives = async (page: Page) =>
  apiAs<DemoCreative[]>(page, 'GET', '/v1/creatives/?items-per-page=100');

const version = (page: Page, fileName: string) =>
  page.getByTestId('package-version').filter({ hasText: fileName });

test('uploads a package, follows its unpacking, previews it in the sandbox and approves it', async ({
  page,
}) => {
  // A creative of its own: every demo creative already has a package.
  const campaign = await apiAs<{ id: number }>(page, 'POST', '/v1/campaigns', {
    name: unique('Packages Home'),
  });
  const creative = await apiAs<DemoCreative>(page, 'POST', '/v1/creatives', {
    campaign_id: campaign.id,
    name: unique('Rectangle'),
    width: 300,
    height: 250,
  });
  await page.goto(`/creatives/${creative.id}?tab=packages`);
  await expect(page.getByText('No package yet — upload the HTML5 zip of this creative.')).toBeVisible();
  await page.screenshot({ path: '/tmp/pkg-empty.png', fullPage: true });

  await page.getByLabel('Package zip').setInputFiles({
    name: 'banner-ok.zip',
    mimeType: 'application/zip',
    buffer: adZip(creative),
  });
  const good = version(page, 'banner-ok.zip');
  await expect(good).toHaveAttribute('data-processing', 'ready');
  // The upload's "unpacking it…" gives way to how it ended, with the way back to the creative.
  await expect(alertBanner(page)).toContainText(/^Version \d+ is unpacked and ready to review\./);
  await expect(alertBanner(page).getByRole('button', { name: 'Open' })).toBeVisible();
  await expect(good.getByTestId('package-clean')).toHaveText('No problems found.');
  await expect(good).toContainText('Uploaded by Admin');
  await expect(good).toContainText('2 files');

  await good.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: /^Preview of version \d+ · banner-ok\.zip$/ });
  const iframe = dialog.locator('iframe');
  await expect(iframe).toHaveAttribute(
    'sandbox',
    'allow-scripts allow-popups allow-popups-to-escape-sandbox',
  );
  await expect(iframe).toHaveAttribute('width', String(creative.width));
  const ad = dialog.frameLocator('iframe');
  await expect(ad.locator('#message')).toHaveText('Hello from the ad');
  await expect(ad.getByRole('link', { name: 'Summer sale' })).toBeVisible();
  await page.screenshot({ path: '/tmp/pkg-preview-dialog.png' });
  await dialog.getByRole('button', { name: 'Replay' }).click();
  await expect(ad.locator('#message')).toHaveText('Hello from the ad');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await good.getByRole('button', { name: 'Approve' }).click();
  await expect(alertBanner(page)).toContainText(/Version \d+ approved\./);
  await expect(good).toHaveAttribute('data-status', 'approved');
  await expect(good.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The newest approved version is what the Preview tab renders.
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.frameLocator('iframe[title="The ad as it renders"]').locator('#message')).toHaveText(
    'Hello from the ad',
  );

  // A zip without index.html: an error finding, and approval is closed with the reason.
  await page.getByRole('tab', { name: 'Packages' }).click();
  await page.getByLabel('Package zip').setInputFiles({
    name: 'banner-broken.zip',
    mimeType: 'application/zip',
    buffer: zip({ 'banner/ad.js': 'console.log(1);\n', 'readme.txt': 'no entry file\n' }),
  });
  const broken = version(page, 'banner-broken.zip');
  await expect(broken).toHaveAttribute('data-processing', 'ready');
  await expect(alertBanner(page)).toContainText(
    /^Version \d+ could not be unpacked: there is no index\.html at the top of the zip/,
  );
  await expect(broken.getByTestId('package-finding').filter({ hasText: 'index.html' })).toHaveAttribute(
    'data-severity',
    'error',
  );
  await expect(broken.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await expect(broken.getByTestId('approve-reason')).toHaveText(
    'Cannot be approved: It has 1 error; upload a corrected version.',
  );
  await expect(broken.getByRole('button', { name: 'Preview' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/pkg-packages.png', fullPage: true });

  // The package's own files load in the sandbox too (its document has an opaque origin).
  await page.getByRole('tab', { name: 'Preview' }).click();
  const rendered = page.frameLocator('iframe[title="The ad as it renders"]');
  await expect(rendered.locator('#message')).toHaveText('Hello from the ad');
  // The shareable link is made only on request.
  await page.getByRole('button', { name: 'Show preview link' }).click();
  await expect(page.getByRole('textbox', { name: 'Preview link' })).toHaveValue(/\/externalpreview\/[\w-]+$/);
  await expect(page.getByRole('link', { name: 'Open' })).toHaveAttribute('target', '_blank');
  await page.screenshot({ path: '/tmp/pkg-preview-tab.png', fullPage: true });
  await expect(rendered.locator('#file')).toHaveText('ad.js ran');
});

test('shows the dynamic code of a creative with a profile and the reason when there is none', async ({
  page,
}) => {
  const creatives = await demoCreatives(page);
  const withProfile = creatives.find((creative) => creative.profile_id !== null);
  const withoutProfile = creatives.find((creative) => creative.profile_id === null);
  if (!withProfile || !withoutProfile)
    throw new Error('The demo data needs creatives with and without a profile.');

  await page.goto(`/creatives/${withoutProfile.id}?tab=dynamic-code`);
  await expect(page.getByTestId('dynamic-code-message')).toBeVisible();
  await expect(page.getByTestId('code-block')).toHaveCount(0);

  const code = await apiAs<{ code: string | null; message: string | null }>(
    page,
    'GET',
    `/v1/creatives/${withProfile.id}/dynamic-code`,
  );
  await page.goto(`/creatives/${withProfile.id}?tab=dynamic-code`);
  if (code.message) {
    await expect(page.getByTestId('dynamic-code-message')).toHaveText(code.message);
  } else {
    if (code.code === null) {
      await page.getByRole('button', { name: 'Generate code' }).click();
      await expect(alertBanner(page)).toContainText('Dynamic code generated.');
    }
    const block = page.getByTestId('code-block');
    await expect(block).toContainText('devDynamicContent');
    await expect(block.locator('[data-token="comment"]').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();

    const status = page.getByTestId('dynamic-code-status');
    await page.getByRole('button', { name: 'Mark as implemented' }).click();
    await expect(status).toHaveAttribute('data-status', 'implemented');
    // Regenerating implemented code asks first: it goes back to generated.
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page
      .getByRole('dialog', { name: 'Regenerate the dynamic code?' })
      .getByRole('button', { name: 'Regenerate' })
      .click();
    await expect(status).toHaveAttribute('data-status', 'generated');
  }
  await page.screenshot({ path: '/tmp/pkg-dynamic-code.png', fullPage: true });
});
