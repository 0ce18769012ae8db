import { uploadApprovedPackage } from './approved-package';
import { apiAs, expect, test, unique } from './fixtures';

test.use({ role: 'admin' });

/**
 * A package that tries what no creative may: read the app's cookies and local storage, reach into
 * the page around it, take over the top window. It writes what happened into its own page, and
 * the dynamic content and clickTag it sees.
 */
const PROBE = `<!doctype html><html><head><meta charset="utf-8">
<script>var clickTag = "https://www.example.com/landing";</script>
<script>
// The generated dynamic code's shape (sample values), as a producer pastes it.
var devDynamicContent = {};
devDynamicContent.Sample_feed = [{}];
devDynamicContent.Sample_feed[0].Product_Name = "Sample";
Enabler.setDevDynamicContent(devDynamicContent);
var dynamicContent = devDynamicContent;
</script>
</head><body>
<p id="cookie"></p><p id="storage"></p><p id="parent"></p><p id="top"></p>
<p id="headline"></p><p id="clicktag"></p><p id="done"></p>
<script>
function probe(id, attempt) {
  var outcome;
  try { outcome = 'read: ' + String(attempt()); } catch (e) { outcome = 'blocked: ' + e.name; }
  document.getElementById(id).textContent = outcome;
}
probe('cookie', function () { return document.cookie; });
probe('storage', function () { return window.localStorage.length; });
probe('parent', function () { return window.parent.document.title; });
probe('top', function () { window.top.location.href = 'https://attacker.example/'; return 'assigned'; });
var feed = Object.keys(dynamicContent)[0];
document.getElementById('headline').textContent = feed + ': ' + dynamicContent[feed][0].Product_Name;
document.getElementById('clicktag').textContent = clickTag;
document.getElementById('done').textContent = 'done';
</script>
</body></html>`;

test("a package's script cannot reach the app, and renders the simulated variant's content", async ({
  page,
}) => {
  const profiles = await apiAs<{ id: number; name: string }[]>(page, 'GET', '/v1/profiles/?filter=Northwind');
  const feed = profiles.find((profile) => profile.name.startsWith('Northwind Outdoor'));
  expect(feed, 'the demo data has the Northwind feed').toBeDefined();
  const campaign = await apiAs<{ id: number }>(page, 'POST', '/v1/campaigns', { name: unique('Sandbox') });
  const creative = await apiAs<{ id: number }>(page, 'POST', '/v1/creatives', {
    campaign_id: campaign.id,
    name: unique('Probe'),
    width: 300,
    height: 250,
    profile_id: feed!.id,
  });

  await uploadApprovedPackage(page, creative.id, 'probe.zip', PROBE);

  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByTitle('The ad as it renders')).toBeVisible();
  const simulator = page.getByRole('region', { name: 'Simulate a viewer' });
  await simulator.getByRole('button', { name: 'Simulate' }).press('Enter');
  const frame = page.locator('iframe[title^="Rendered variant: "]');
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-popups allow-popups-to-escape-sandbox');
  const ad = page.frameLocator('iframe[title^="Rendered variant: "]');
  await expect(ad.locator('#done')).toHaveText('done');

  await expect(ad.locator('#cookie')).toHaveText('blocked: SecurityError');
  await expect(ad.locator('#storage')).toHaveText('blocked: SecurityError');
  await expect(ad.locator('#parent')).toHaveText('blocked: SecurityError');
  // The served rule's content replaced the sample values; clickTag is the click tracker.
  await expect(ad.locator('#headline')).toHaveText(/^Northwind_Outdoor_products_by_region: (?!Sample)\S/);
  await expect(ad.locator('#clicktag')).toHaveText(/\/t\/c\?v=\d+\.\d+\.\d+\.p&s=[\w-]+$/);
  // Whatever the top-navigation attempt did, the app is still here, signed in, on the same page.
  await expect(page).toHaveURL(new RegExp(`/creatives/${creative.id}\\?tab=preview$`));
  await expect(page.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: '/tmp/render-sandbox.png', fullPage: true });
});
