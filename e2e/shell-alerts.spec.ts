import type { Page } from '@playwright/test';
import { alertBanner, expect, getJson, sidebar, signIn, submitSignIn, test } from './fixtures';

const WRONG_CURRENT_PASSWORD = 'The provided password does not match your current password.';
const SERVER_ERROR = "We're having internal issues, our engineers have been notified";

const bannerHeight = async (page: Page) => (await alertBanner(page).boundingBox())?.height ?? 0;

/** The banner's height once its enter transition is over (two readings 100 ms apart agree). */
async function settledHeight(page: Page): Promise<number> {
  let previous = -1;
  for (let i = 0; i < 30; i++) {
    const height = await bannerHeight(page);
    if (height > 0 && height === previous) return height;
    previous = height;
    await page.waitForTimeout(100);
  }
  throw new Error('the alert banner did not settle');
}

async function sendFeedback(page: Page, message: string) {
  await page.getByLabel('Your feedback').fill(message);
  await page.getByRole('button', { name: 'Send feedback' }).click();
}

test.describe(() => {
  test.use({ role: 'editor' });
  test('a real 422 shows the first field message in the banner and on the field', async ({ page }) => {
    await page.goto('/myaccount');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel(/^Current password/).fill('not-my-password');
    await form.getByLabel(/^New password/).fill('brand-new-password-1');
    await form.getByLabel(/^Confirm new password/).fill('brand-new-password-1');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/user/password');
    await form.getByRole('button', { name: 'Change password' }).click();
    const response = await answered;
    expect(response.status()).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors)[0]).toBe('current_password');

    const banner = alertBanner(page);
    await expect(banner).toHaveText(new RegExp(`^${WRONG_CURRENT_PASSWORD}`));
    await expect(banner).toHaveAttribute('data-type', 'error');
    await expect(banner.getByRole('button', { name: 'Open' })).toHaveCount(0);
    // The message is longer than 50 characters: a multi-line banner at the bottom of the screen.
    expect(WRONG_CURRENT_PASSWORD.length).toBeGreaterThan(50);
    await expect(banner).toHaveAttribute('data-multiline', 'true');
    // One line is about 48 px; two lines are well above 60.
    expect(await settledHeight(page)).toBeGreaterThan(60);
    const box = await banner.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y > viewport.height / 2).toBe(true);

    const field = form.getByLabel(/^Current password/);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText(WRONG_CURRENT_PASSWORD)).toBeVisible();
    // The password did not change: the old one still signs in.
    expect((await getJson(page, '/v1/user')).status).toBe(200);

    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toBeHidden();
  });
});

test.describe(() => {
  test.use({ role: 'editor' });
  test('message choice order: first field error, else the message, else the status text', async ({
    page,
  }) => {
    await page.goto('/feedback');
    const answers = [
      {
        status: 422,
        body: { message: 'Summary line', errors: { message: ['First of message'], page: ['First of page'] } },
      },
      { status: 422, body: { message: 'Only the summary line' } },
      { status: 500, body: {} },
    ];
    await page.route('**/v1/feedback', (route) => {
      const answer = answers.shift();
      return answer ? route.fulfill({ status: answer.status, json: answer.body }) : route.continue();
    });

    const banner = alertBanner(page);
    await sendFeedback(page, 'Order check one');
    await expect(banner).toHaveText(/^First of message/);
    await expect(page.getByText('First of page')).toBeVisible();

    await sendFeedback(page, 'Order check two');
    await expect(banner).toHaveText(/^Only the summary line/);
    await expect(banner).toHaveCount(1);

    // No message at all: the spec's default text for the status, not the HTTP reason phrase.
    await sendFeedback(page, 'Order check three');
    await expect(banner).toHaveText(/^We're having internal issues, our engineers have been notified/);
    await expect(banner).toHaveAttribute('data-type', 'error');
  });
});

test.describe(() => {
  test.use({ role: 'editor' });
  test('a 500 shows the server message; a new alert replaces it; short alerts are single-line and leave after 6 s', async ({
    page,
  }) => {
    await page.goto('/feedback');
    // The real server's 5xx body, answered at the network edge for one request.
    await page.route(
      '**/v1/feedback',
      (route) => route.fulfill({ status: 500, json: { message: SERVER_ERROR, request_id: 'req-1' } }),
      { times: 1 },
    );
    const banner = alertBanner(page);
    await sendFeedback(page, 'This one fails on the server.');
    await expect(banner).toHaveText(new RegExp(`^${SERVER_ERROR.replace('.', '\\.')}`));
    await expect(banner).toHaveAttribute('data-type', 'error');
    await expect(banner).toHaveAttribute('data-multiline', 'true');
    const multiLineHeight = await settledHeight(page);

    // The real endpoint now: its success alert replaces the error one.
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/feedback');
    await sendFeedback(page, 'This one reaches the server.');
    expect((await sent).status()).toBe(201);
    await expect(banner).toHaveText(/^Thank you! Your feedback was sent\./);
    await expect(banner).toHaveCount(1);
    await expect(banner).toHaveAttribute('data-type', 'success');
    await expect(banner).toHaveAttribute('data-multiline', 'false');
    const shownAt = Date.now();
    expect(await settledHeight(page)).toBeLessThan(multiLineHeight);

    // Every text the bar has until it is gone: leaving, it keeps its words (never a bare "Dismiss").
    await page.evaluate(() => {
      const texts: string[] = [];
      (window as unknown as { bannerTexts: string[] }).bannerTexts = texts;
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid="alert-banner"]');
        if (bar) texts.push(bar.textContent ?? '');
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });

    // Default timeout: 6000 ms.
    await page.mouse.move(0, 0);
    await expect(banner).toBeHidden({ timeout: 9_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(5_000);
    expect(shownFor).toBeLessThan(7_500);
    const texts = await page.evaluate(() => (window as unknown as { bannerTexts: string[] }).bannerTexts);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((text) => !text.startsWith('Thank you! Your feedback was sent.'))).toEqual([]);
  });
});

test('session expiry mid-use: alert, local storage cleared, sign-in, and back', async ({ page, context }) => {
  await signIn(page, 'admin', '/myaccount');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  // Something the app keeps in local storage: the theme choice.
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Dark Theme' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.evaluate(() => localStorage.length)).toBeGreaterThan(0);

  // The server no longer knows this browser: the next call answers 401 Unauthenticated.
  await context.clearCookies({ name: 'adstudio_session' });
  const rejected = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/v1/dashboard'));
  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
  const response = await rejected;
  expect(response.status()).toBe(401);

  const banner = alertBanner(page);
  await expect(banner).toHaveText(/^Your session has expired/);
  await expect(banner).toHaveAttribute('data-type', 'error');
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  // After a short pause for reading, the external sign-in page, coming back to where the user was.
  await expect(page).toHaveURL(/\/auth\/login\?redirect_app=%2Fdashboard$/, { timeout: 6_000 });
  await submitSignIn(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
