import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';

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

/** What apps/console/build/first-screen-budget.ts counted for each screen (written by `npm run build`). */
function readCountedScripts(): Record<'home' | 'map' | 'languages' | 'screenTexts', string[]> {
  const file = path.resolve(import.meta.dirname, '../../apps/console/dist/.vite/first-screen.json');
  const counted: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const isList = (value: unknown): value is string[] =>
    Array.isArray(value) && value.every((item) => typeof item === 'string');
  if (typeof counted !== 'object' || counted === null) throw new Error(`${file} is not an object`);
  const { home, map, languages, screenTexts } = counted as Record<string, unknown>;
  if (!isList(home) || !isList(map) || !isList(languages) || !isList(screenTexts)) {
    throw new Error(`${file} lacks a list of files`);
  }
  return { home, map, languages, screenTexts };
}

for (const [screen, url] of [
  ['home', '/lighting/'],
  ['map', '/lighting/map'],
] as const) {
  test(`the ${screen} screen loads no script beyond those its build budget counted`, async ({ page }) => {
    const counted = readCountedScripts();
    // The budget counts the largest language bundle for the user's one; a screen's own texts (the
    // map's) load with it, a few hundred bytes, and are not counted.
    const allowed = new Set([...counted[screen], ...counted.languages, ...counted.screenTexts]);
    const scripts: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/lighting/assets/') && pathname.endsWith('.js')) {
        scripts.push(pathname.slice('/lighting/'.length));
      }
    });
    await page.goto(url);
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'connected');
    await expect(page.getByTestId('user-menu')).toBeVisible();
    if (screen === 'map') await expect(page.getByTestId('device-map')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((file) => !allowed.has(file))).toEqual([]);
  });
}

/** The header's links the demo user may follow: every screen of the navigation. */
const NAV_LINKS = 9;

for (const language of ['fr', 'de', 'pl']) {
  test(`the header is one line at 1280 px in ${language}, every navigation link in reach`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript((lng) => localStorage.setItem('defaultLocale', lng), language);
    await page.goto('/lighting/map');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    const header = page.locator('header').first();
    // One line is 50 px (the tallest control and the padding); two lines were 78 px.
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(56);
    const links = header.locator('nav').getByRole('link');
    const tops = await links.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    for (const control of ['live-status', 'user-menu']) {
      const box = await page.getByTestId(control).boundingBox();
      expect(box?.height, control).toBeLessThanOrEqual(32);
    }
    // What does not fit is in 'More', which leads there.
    const shown = await links.count();
    if (shown === NAV_LINKS) return;
    await page.getByTestId('nav-more').click();
    const more = page.getByRole('menuitem');
    await expect(more.first()).toBeVisible();
    expect(shown + (await more.count())).toBe(NAV_LINKS);
    const last = more.last();
    const href = await last.getAttribute('href');
    await last.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });
}
