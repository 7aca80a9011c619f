import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { DeviceSchema, pageSchema, type DeviceType } from '@farola/protocol';
import { connectedLightPoints } from './fleet';
import { screens, settle } from './screens';

// Every screen of the route table, the device view's every tab (a light point's and a cabinet
// controller's) and the map's menus, in English and in Polish (the language with the most plural
// forms): no text may be a translation key shown raw. Two witnesses: the console's record of the
// keys it looked up and found in no language (lib/i18n/missing-keys.ts), and what is on screen —
// a text or a label that reads like a key ('field.deviceType', 'device:status.ready').

/** 'field.deviceType', 'filters.buttonActive_one': dotted camelCase words, as the locale files' keys are. */
const DOTTED_KEY = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/;
/** 'device:status.ready', 'common:nav.map': a key with its namespace. */
const NAMESPACED_KEY = /^[a-z][a-z-]*:[a-zA-Z][a-zA-Z0-9_.]*$/;

const LANGUAGES = ['en', 'pl'] as const;

/** The visible texts and the accessible labels of the page that look like raw keys. */
function rawKeysOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(
    ([dotted, namespaced]) => {
      const patterns = [new RegExp(dotted), new RegExp(namespaced)];
      const looksLikeKey = (text: string) => patterns.some((pattern) => pattern.test(text.trim()));
      const found = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        if (looksLikeKey(text) && node.parentElement?.checkVisibility()) found.add(text.trim());
      }
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        for (const element of document.querySelectorAll(`[${name}]`)) {
          const value = element.getAttribute(name) ?? '';
          if (looksLikeKey(value)) found.add(`${name}="${value}"`);
        }
      }
      return [...found];
    },
    [DOTTED_KEY.source, NAMESPACED_KEY.source] as const,
  );
}

/** The keys the console looked up on this page and found in no language. */
function missingKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as { farolaMissingKeys?: string[] }).farolaMissingKeys ?? []);
}

/** Moves the console to `path` without reloading it, as its own links do. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((url) => {
    history.pushState(null, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/lighting${path}`);
}

async function firstDevice(request: APIRequestContext, deviceType: DeviceType) {
  const answer = await request.get(`/lighting/api/v1/devices?deviceType=${deviceType}&limit=1`);
  const [device] = pageSchema(DeviceSchema).parse(await answer.json()).items;
  if (!device) throw new Error(`no ${deviceType}`);
  return device;
}

/** Opens each of the map's menus and tool tips in turn, reading each while it is open. */
async function openMapMenus(page: Page, read: (what: string) => Promise<void>) {
  await page.getByTestId('quick-filters').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await read('quick filters');
  await page.keyboard.press('Escape');
  for (const tool of ['area', 'pick', 'copy']) {
    await page.getByTestId(`map-tool-${tool}`).hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await read(`tool ${tool}`);
  }
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await read('user menu');
  await page.keyboard.press('Escape');
}

for (const language of LANGUAGES) {
  test(`no screen shows a raw translation key in ${language}`, async ({ page, request }) => {
    test.setTimeout(600_000);
    const [lightPoint] = await connectedLightPoints(request, 'orion');
    if (!lightPoint) throw new Error('no light point');
    const cabinet = await firstDevice(request, 'cabinet-controller');
    await page.addInitScript((lng) => localStorage.setItem('defaultLocale', lng), language);
    const findings: Record<string, string[]> = {};
    // The console's record lasts as long as the page, which loads once: each place reports the keys first missed there.
    let reported = 0;
    const readScreen = async (where: string) => {
      const missing = (await missingKeys(page)).slice(reported);
      reported += missing.length;
      const problems = [
        ...missing.map((key) => `missing ${key}`),
        ...(await rawKeysOnScreen(page)).map((text) => `shows ${text}`),
      ];
      if (problems.length > 0) findings[where] = [...new Set([...(findings[where] ?? []), ...problems])];
    };

    // Loaded once, then moved from screen to screen as the console's own links do: each screen
    // loads its code and its texts' namespaces when it is first shown, as after a reload.
    await page.goto('/lighting/');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const path of screens(lightPoint.id)) {
      await navigateInApp(page, path);
      await settle(page, path);
      await readScreen(path);
      if (path === '/map') await openMapMenus(page, (what) => readScreen(`${path} (${what})`));
    }
    for (const device of [lightPoint, cabinet]) {
      await navigateInApp(page, `/map/devices/${device.id}`);
      // Every tab the panel has for this kind (those in its 'More tabs' menu too), as its features registered them.
      await expect(page.getByTestId('connection-badge')).toBeVisible();
      await expect(page.getByTestId('tab-details')).toBeVisible();
      const tabs = await page
        .getByTestId('device-panel')
        .locator('[role="tab"][data-tab]')
        .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-tab') ?? ''));
      expect(tabs.length, `${device.deviceType}'s tabs`).toBeGreaterThanOrEqual(15);
      for (const tab of tabs) {
        const path = `/map/devices/${device.id}?tab=${tab}`;
        await navigateInApp(page, path);
        await expect(page.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
        await settle(page, path);
        await readScreen(`${device.deviceType} tab ${tab}`);
      }
    }
    expect(findings).toEqual({});
  });
}
