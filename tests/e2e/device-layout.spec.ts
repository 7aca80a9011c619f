import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type Device, DeviceSchema, pageSchema } from '@farola/protocol';
import { connectedLightPoints } from './fleet';

// How the device panel and the device pages lay themselves out (issue 22): what a user sees at
// 1440 × 900, in the languages whose words run longest.

/** Shows the console in `language` from the next navigation on (the demo user speaks Spanish). */
async function speak(page: Page, language: string) {
  // Init scripts run in the order added: the last one's language wins.
  await page.addInitScript((lng) => localStorage.setItem('defaultLocale', lng), language);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

type Box = Awaited<ReturnType<typeof box>>;
/** Whether two boxes, each grown by `margin` px on every side, meet. */
const overlap = (a: Box, b: Box, margin = 0) =>
  a.x - margin < b.x + b.width + margin &&
  b.x - margin < a.x + a.width + margin &&
  a.y - margin < b.y + b.height + margin &&
  b.y - margin < a.y + a.height + margin;

/** The boxes of the visible elements `locator` matches. */
async function visibleBoxes(locator: Locator): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const element of await locator.all()) if (await element.isVisible()) boxes.push(await box(element));
  return boxes;
}

/** No two of `boxes` closer than `gap` px. */
function expectApart(boxes: Box[], what: string, gap = 0) {
  boxes.forEach((a, i) =>
    boxes
      .slice(i + 1)
      .forEach((b, j) => expect(overlap(a, b, gap / 2), `${what} ${i} and ${i + j + 1} overlap`).toBe(false)),
  );
}

test.use({ viewport: { width: 1440, height: 900 } });

test('the firmware dialog keeps its commands and Close apart, in English and German', async ({ page, request }) => {
  const [device] = await connectedLightPoints(request, 'orion');
  if (!device) throw new Error('no light point');
  for (const [language, close] of [
    ['en', 'Close'],
    ['de', 'Schließen'],
  ] as const) {
    await speak(page, language);
    await page.goto(`/lighting/map/devices/${device.id}?tab=details`);
    await page.getByTestId('command-more').click();
    await page.getByTestId('command-firmware').click();
    const dialog = page.getByRole('dialog');
    const closeButton = dialog.getByRole('button', { name: close, exact: true });
    const downgrade = dialog.getByTestId('firmware-downgrade');
    await expect(closeButton).toBeVisible();
    await expect(downgrade).toBeVisible();
    expect(overlap(await box(closeButton), await box(downgrade)), `${language}: Close over downgrade`).toBe(false);
    expectApart(await visibleBoxes(dialog.getByRole('button')), `${language}: buttons`);
    await closeButton.click();
    await expect(dialog).toBeHidden();
  }
});

test("'Read latitude/longitude' opens a dialog of that title, in English and German", async ({ page, request }) => {
  const [device] = await connectedLightPoints(request, 'orion');
  if (!device) throw new Error('no light point');
  for (const [language, words] of [
    ['en', 'Read latitude/longitude'],
    ['de', 'Breiten-/Längengrad lesen'],
  ] as const) {
    await speak(page, language);
    await page.goto(`/lighting/map/devices/${device.id}?tab=details`);
    await page.getByTestId('command-more').click();
    await expect(page.getByTestId('command-readLocation')).toHaveText(words);
    await page.getByTestId('command-readLocation').click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading')).toHaveText(words);
    await expect(dialog.getByRole('button', { name: words })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

const DevicePageSchema = pageSchema(DeviceSchema);

/** A cabinet controller in operation that has reported its hardware (a fresh fleet's take a few seconds). */
async function cabinet(request: APIRequestContext): Promise<Device> {
  let found: Device | undefined;
  await expect(async () => {
    const answer = await request.get(
      '/lighting/api/v1/devices?deviceType=cabinet-controller&connected=true&status=ready&limit=50',
    );
    found = DevicePageSchema.parse(await answer.json()).items.find((device) => device.modelNumber !== null);
    expect(found).toBeDefined();
  }).toPass({ timeout: 30_000 });
  if (!found) throw new Error('no cabinet controller');
  return found;
}

test("a cabinet controller's technical information has no luminaire form; a light point's has", async ({
  page,
  request,
}) => {
  await speak(page, 'en');
  const controller = await cabinet(request);
  await page.goto(`/lighting/map/devices/${controller.id}?tab=technicalInformation`);
  const panel = page.getByTestId('device-panel');
  await expect(panel.getByTestId('tabpanel-technicalInformation')).toContainText('Model number');
  await expect(panel.getByRole('tabpanel')).toContainText('IP');
  await expect(panel.getByText('Luminaire and hardware')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Save luminaire' })).toHaveCount(0);
  // Its profile names its IP, not a luminaire type.
  await panel.getByTestId('device-profile-button').click();
  const profile = page.getByTestId('device-profile');
  await expect(profile).toContainText(`IP${controller.ip ?? '—'}`);
  await expect(profile).not.toContainText('Luminaire type');
  await page.keyboard.press('Escape');
  // Nor does the API record one on it.
  const refused = await request.patch(`/lighting/api/v1/devices/${controller.id}`, {
    data: { luminaireType: 'LED street 40 W' },
  });
  expect(refused.status()).toBe(400);

  const [lightPoint] = await connectedLightPoints(request, 'orion');
  if (!lightPoint) throw new Error('no light point');
  await page.goto(`/lighting/map/devices/${lightPoint.id}?tab=technicalInformation`);
  await expect(panel.getByText('Luminaire and hardware')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Save luminaire' })).toBeVisible();
});

test('an inventory device page uses the page, without a close, and its breadcrumb leads back to the list', async ({
  page,
  request,
}) => {
  await speak(page, 'en');
  const [device] = await connectedLightPoints(request, 'orion');
  if (!device) throw new Error('no light point');
  await page.goto(`/lighting/inventory/light-points/devices/${device.id}?tab=details`);
  const view = page.getByTestId('device-panel');
  await expect(view.getByTestId('connection-badge')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Light point details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close' })).toHaveCount(0);
  // The device beside its tabs, over most of the 1440 px.
  expect((await box(view)).width).toBeGreaterThan(1440 * 0.8);
  const tabpanel = view.getByTestId('tabpanel-details');
  const content = await box(tabpanel);
  expect(content.x + content.width).toBeGreaterThan(1440 * 0.85);
  expect(content.y).toBeLessThan(400);

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Light points' }).click();
  await expect(page).toHaveURL(/\/lighting\/inventory\/light-points$/);
});

test('with many requests sent the tabs and the open tab stay in view, and more tabs fit the strip', async ({
  page,
  request,
}) => {
  await speak(page, 'en');
  const [device] = await connectedLightPoints(request, 'vega');
  if (!device) throw new Error('no light point');
  for (let sent = 0; sent < 10; sent += 1) {
    const answer = await request.post(`/lighting/api/v1/devices/${device.id}/commands`, {
      data: { command: sent % 2 === 0 ? 'switchOn' : 'switchOff', params: {} },
    });
    expect(answer.status()).toBe(202);
  }
  await page.goto(`/lighting/map/devices/${device.id}?tab=details`);
  const panel = page.getByTestId('device-panel');
  const requests = panel.getByTestId('requests');
  await expect(requests.getByRole('listitem')).toHaveCount(2);
  const toggle = requests.getByTestId('requests-toggle');
  await expect(toggle).toHaveText(/^Show all \((1\d|[2-9]\d)\)$/);

  // The tab strip and at least 200 px of the open tab show without scrolling.
  const tabpanel = panel.getByTestId('tabpanel-details');
  await expect(tabpanel.getByText('Serial number')).toBeVisible();
  expect((await box(tabpanel)).y).toBeLessThan(900 - 200);
  const tabs = panel.getByRole('tablist');
  expect((await box(tabs)).y + (await box(tabs)).height).toBeLessThan(900);
  // Two rows of tabs: at least six of them (three fitted one row before the '…').
  expect((await visibleBoxes(tabs.getByRole('tab'))).length).toBeGreaterThanOrEqual(6);
  await expect(panel.getByRole('tab', { name: 'Events history' })).toBeVisible();
  await expect(panel.getByRole('tab', { name: 'Technical information' })).toBeVisible();

  // All of them: a list of bounded height that scrolls; the open tab still starts in view.
  await toggle.click();
  await expect(toggle).toHaveText('Show the latest only');
  const list = requests.getByRole('list');
  await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThanOrEqual(10);
  expect((await box(list)).height).toBeLessThanOrEqual(250);
  expect((await box(tabpanel)).y).toBeLessThan(900 - 100);
  await toggle.click();
  await expect(requests.getByRole('listitem')).toHaveCount(2);
});

/** Has the device upload its hourly records of this month so far (a year's take minutes), and waits for them. */
async function uploadThisMonth(request: APIRequestContext, device: Device) {
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const sent = await request.post(`/lighting/api/v1/devices/${device.id}/commands`, {
    data: { command: 'uploadLog', params: { from, to: now.toISOString() } },
  });
  expect(sent.status()).toBe(202);
  const { id } = (await sent.json()) as { id: string };
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/lighting/api/v1/queued-requests/${id}`)).json()) as { status: string }).status,
      { timeout: 60_000 },
    )
    .toBe('DONE');
}

test('the consumption charts label their months and days readably, none over another', async ({ page, request }) => {
  test.setTimeout(120_000);
  await speak(page, 'fr');
  const [device] = await connectedLightPoints(request, 'orion');
  if (!device) throw new Error('no light point');
  await uploadThisMonth(request, device);
  const check = async (url: string, minimumMonths: number) => {
    await page.goto(url);
    const charts = page.getByTestId('device-panel').getByTestId('bar-chart');
    await expect(charts).toHaveCount(2);
    for (const [index, chart] of [charts.nth(0), charts.nth(1)].entries()) {
      const labels = await visibleBoxes(chart.getByTestId('bar-label'));
      // Apart by a space at least, so that '10' and '11' do not read as '1011'.
      expectApart(labels, `chart ${index} labels`, 4);
      // Labels are text of a readable size, not glyphs squeezed to fit.
      for (const label of labels) expect(label.height).toBeGreaterThanOrEqual(12);
      const bars = await chart.getByTestId('bar-label').count();
      expect(labels.length).toBeGreaterThanOrEqual(index === 0 ? minimumMonths : Math.ceil(bars / 3));
    }
    // The months are the user's language's abbreviations.
    await expect(charts.nth(0)).toContainText(/janv\.|févr\.|mars|avr\.|mai|juin|juil\.|août|sept\.|oct\.|nov\.|déc\./);
  };
  // The map's narrow panel thins the labels out; the page shows every month.
  await check(`/lighting/map/devices/${device.id}?tab=consumption`, 6);
  await check(`/lighting/inventory/light-points/devices/${device.id}?tab=consumption`, 12);
});
