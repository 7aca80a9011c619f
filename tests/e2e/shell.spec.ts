import { expect, test } from '@playwright/test';

test('an unknown path shows NotFound with a way back home', async ({ page }) => {
  await page.goto('/lighting/no/such/page');
  await page.evaluate(() => localStorage.setItem('defaultLocale', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/lighting\/?$/);
});

test('the demo user speaks Spanish until another language is chosen, which survives a reload', async ({ page }) => {
  await page.goto('/lighting/map');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByTestId('language-select').selectOption({ label: 'Deutsch' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('fleet-summary')).toContainText(/Geräte/);
});

test('the theme is dark by default and a chosen light theme survives a reload', async ({ page }) => {
  await page.goto('/lighting/map');
  const root = page.locator('[data-theme]').first();
  await expect(root).toHaveAttribute('data-theme', 'dark');
  const darkBackground = await root.evaluate((element) => getComputedStyle(element).backgroundColor);
  await page.getByTestId('theme-toggle').click();
  await expect(root).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(root).toHaveAttribute('data-theme', 'light');
  expect(await root.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(darkBackground);
});

test('the runtime configuration is loaded with a cache-busting timestamp', async ({ page }) => {
  const configRequest = page.waitForRequest(/\/lighting\/src\/config\.js\?v=\d+/);
  await page.goto('/lighting/');
  await configRequest;
});

test('a configuration that cannot be loaded is reported with an alert', async ({ page }) => {
  await page.route(/\/lighting\/src\/config\.js/, (route) => route.abort());
  const messages: string[] = [];
  // The alert blocks the page's load event until it is dismissed.
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/lighting/map');
  await expect.poll(() => messages).toEqual([expect.stringMatching(/^Error loading config: /)]);
  await expect(page.getByTestId('device-map')).toHaveCount(0);
});
