import { expect, type Page, test } from '@playwright/test';
import { DEMO_PROJECT_ID, ProvisionedDeviceSchema } from '@farola/protocol';
import mqtt from 'mqtt';
import { alwaysSuppliedLightPoints, connectedLightPoints } from './fleet';
import { stackMqttPort } from './simulator';

/** The fleet's canvas layer: after each draw it tells how many devices it drew in view and which view. */
const fleetLayer = (page: Page) => page.getByTestId('fleet-layer');

/** The centre of the map on screen: where 'Find in map' puts the device it moves to. */
async function mapCentre(page: Page) {
  const box = await page.getByTestId('device-map').boundingBox();
  if (!box) throw new Error('no map');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
}

/** Moves the map to a device with 'Find in map' (its panel opens), then closes the panel. */
async function moveToDevice(page: Page, serialNumber: string) {
  await page.getByTestId('device-search').click();
  await page.getByTestId('device-search').fill(serialNumber);
  await page.getByRole('option', { name: new RegExp(serialNumber) }).click();
  await expect(page.getByTestId('device-panel')).toContainText(serialNumber);
  // Wait for the fly-to to settle.
  let before = '';
  await expect
    .poll(async () => before === (before = (await fleetLayer(page).getAttribute('data-view')) ?? ''), {
      intervals: [500],
    })
    .toBe(true);
  await page.getByTestId('device-panel').getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/lighting\/map$/);
}

// The demo user speaks Spanish; these specs read English labels.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

test('the map shows the simulated fleet, live', async ({ page, request }) => {
  await connectedLightPoints(request, 'orion');
  const fleetReads: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/fleet/columns')) fleetReads.push(sent.url());
  });
  await page.goto('/lighting/map');
  await expect(page.getByTestId('device-map')).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'connected');
  await expect(page.getByTestId('fleet-summary')).toContainText(/60/);
  // The map opens framing the fleet: every device drawn in view, on one canvas, with no element per device.
  await expect(fleetLayer(page)).toHaveAttribute('data-devices', '60');
  await expect(page.locator('[data-testid="device-map"] path.leaflet-interactive')).toHaveCount(0);
  // Asked for as the app starts (before the map's code has loaded) and taken up by the map: one read of the fleet.
  expect(fleetReads).toEqual([expect.stringMatching(/\/lighting\/api\/v1\/fleet\/columns$/)]);
});

test("the base map's tiles are asked for the fleet's view only, not first for the configured centre's", async ({
  page,
  request,
}) => {
  await connectedLightPoints(request, 'orion');
  // Tile URLs end in /{z}/{x}/{y}.png: the zoom levels asked for while the map opens.
  const tileZooms = new Set<number>();
  page.on('request', (sent) => {
    const tile = /\/(\d+)\/\d+\/\d+\.png$/.exec(sent.url());
    if (tile) tileZooms.add(Number(tile[1]));
  });
  await page.goto('/lighting/map');
  await expect(fleetLayer(page)).toHaveAttribute('data-devices', '60');
  // The layer's `data-view` is "left,top,zoom" of the view it drew.
  const fittedZoom = Number(/,(\d+)$/.exec((await fleetLayer(page).getAttribute('data-view')) ?? '')?.[1]);
  await expect.poll(() => [...tileZooms]).toEqual([fittedZoom]);
});

test("the map's tools failing to download leave the map, its counts and live updates in place", async ({
  page,
  request,
}) => {
  await connectedLightPoints(request, 'orion');
  // The tools' chunk is lost on the way (a flaky network): before, the whole page went blank.
  await page.route(/\/assets\/map-tools-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto('/lighting/map');
  await expect(fleetLayer(page)).toHaveAttribute('data-devices', '60');
  const failure = page.getByTestId('load-failure');
  await expect(failure).toContainText('This part of the screen could not be shown');
  await expect(failure).toContainText('Its code could not be downloaded');
  await expect(failure.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(page.getByTestId('fleet-summary')).toContainText(/60/);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'connected');
});

test('a click on a device on the map opens its panel', async ({ page, request }) => {
  const [device] = await connectedLightPoints(request, 'orion');
  if (!device) throw new Error('no light point');
  await page.goto('/lighting/map');
  await expect(fleetLayer(page)).toHaveAttribute('data-devices', '60');
  await moveToDevice(page, device.serialNumber);
  const { x, y } = await mapCentre(page);
  await page.mouse.click(x, y);
  await expect(page).toHaveURL(new RegExp(`/lighting/map/devices/${device.id}\\?tab=details`));
  await expect(page.getByTestId('device-panel')).toContainText(device.serialNumber);
});

test('select area selects the devices in the rectangle; clear selection empties it', async ({ page, request }) => {
  await connectedLightPoints(request, 'orion');
  await page.goto('/lighting/map');
  await expect(fleetLayer(page)).toHaveAttribute('data-devices', '60');
  await page.getByTestId('map-tool-area').click();
  const { box } = await mapCentre(page);
  // The whole map below the toolbar: every device of the framed fleet.
  await page.mouse.move(box.x + 60, box.y + 110);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width - 10, box.y + box.height - 10, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('selection-count')).toHaveText(/^\d+ selected$/);
  const selected = Number((await page.getByTestId('selection-count').textContent())?.split(' ')[0]);
  expect(selected).toBeGreaterThan(30);
  expect(selected).toBeLessThanOrEqual(60);
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(page.getByTestId('selection-bar')).toBeHidden();
});

test('dragging a selection area selects no text on the page', async ({ page, request }) => {
  await connectedLightPoints(request, 'orion');
  await page.goto('/lighting/map');
  await expect(fleetLayer(page)).toHaveAttribute('data-devices', '60');
  await page.getByTestId('map-tool-area').click();
  const { box } = await mapCentre(page);
  const summary = await page.getByTestId('fleet-summary').boundingBox();
  if (!summary) throw new Error('no fleet summary');
  // From the map's bottom (clear of the legend) up across the counts and the header's texts, and
  // back onto the map, framing the fleet.
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height - 50);
  await page.mouse.down();
  await page.mouse.move(summary.x + summary.width / 2, summary.y + summary.height / 2, { steps: 8 });
  await page.mouse.move(box.x + box.width / 2, 10, { steps: 8 });
  await page.mouse.move(box.x + box.width * 0.3, box.y + 110, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByTestId('selection-count')).toHaveText(/^\d+ selected$/);
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
});

test('a bulk action on an area holding both vendor families is refused', async ({ page, request }) => {
  await connectedLightPoints(request, 'orion');
  await connectedLightPoints(request, 'vega');
  await page.goto('/lighting/map');
  await expect(fleetLayer(page)).toHaveAttribute('data-devices', '60');
  await page.getByTestId('map-tool-area').click();
  const { box } = await mapCentre(page);
  await page.mouse.move(box.x + 60, box.y + 110);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 10, box.y + box.height - 10, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByTestId('selection-count')).toHaveText(/^\d+ selected$/);
  await page
    .getByTestId('selection-bar')
    .getByRole('button', { name: /^Actions/ })
    .click();
  await page.getByRole('menuitem', { name: 'Switch off' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByTestId('bulk-incompatible')).toHaveText('Selected items are incompatible');
  await expect(dialog.getByRole('button', { name: /Run on/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // Nothing ran: the selection is still there to narrow down.
  await expect(page.getByTestId('selection-bar')).toBeVisible();
});

test('quick filters change what the counters count', async ({ page, request }) => {
  await connectedLightPoints(request, 'orion');
  await page.goto('/lighting/map');
  const summary = page.getByTestId('fleet-summary');
  await expect(summary).toContainText('60 devices');
  await page.getByTestId('quick-filters').click();
  await page.getByRole('menuitemcheckbox', { name: 'Cabinet controller' }).click();
  await page.keyboard.press('Escape');
  await expect(summary).not.toContainText('60 devices');
  const cabinets = Number((await summary.textContent())?.split(' ')[0]);
  expect(cabinets).toBeGreaterThan(0);
  expect(cabinets).toBeLessThan(60);
  await expect(fleetLayer(page)).toHaveAttribute('data-devices', String(cabinets));
  await page.getByTestId('quick-filters').click();
  await page.getByRole('menuitem', { name: 'Clear filters' }).click();
  await expect(summary).toContainText('60 devices');
});

test('the quick filters fit a short window: the list scrolls and its last item can be reached', async ({
  page,
  request,
}) => {
  await connectedLightPoints(request, 'orion');
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/lighting/map');
  await page.getByTestId('quick-filters').click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const box = await menu.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(600);
  const clear = page.getByRole('menuitem', { name: 'Clear filters' });
  await clear.scrollIntoViewIfNeeded();
  await expect(clear).toBeInViewport();
});

test('copy coordinates copies the clicked point', async ({ page, context, request }) => {
  await connectedLightPoints(request, 'orion');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/lighting/map');
  await expect(fleetLayer(page)).toHaveAttribute('data-devices', '60');
  await page.getByTestId('map-tool-copy').click();
  const { box } = await mapCentre(page);
  // An empty spot right of the fleet, clear of the legend and the toolbar.
  await page.mouse.click(box.x + box.width - 120, box.y + 200);
  await expect(page.getByRole('listitem', { name: 'Operation success' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^-?\d+\.\d{6}, -?\d+\.\d{6}$/);
});

test('switching a light point off shows progress, then DONE, then the new state', async ({ page, request }) => {
  const [device] = await alwaysSuppliedLightPoints(request, 'orion');
  if (!device) throw new Error('no light point');
  // Start from a lit luminaire so that switching off visibly changes it.
  const on = await request.post(`/lighting/api/v1/devices/${device.id}/commands`, { data: { command: 'switchOn' } });
  expect(on.status()).toBe(202);

  await page.goto('/lighting/map');
  await page.getByTestId('device-search').click();
  await page.getByTestId('device-search').fill(device.serialNumber);
  await page.getByRole('option', { name: new RegExp(device.serialNumber) }).click();
  await expect(page).toHaveURL(new RegExp(`/lighting/map/devices/${device.id}\\?tab=details`));
  const panel = page.getByTestId('device-panel');
  await expect(panel).toContainText(device.serialNumber);

  await panel.getByRole('tab', { name: /real time measures/i }).click();
  await expect(page).toHaveURL(/tab=realTimeMeasures/);
  await expect(panel.getByTestId('attr-poweredOn')).toContainText(/yes|on/i);

  await panel.getByTestId('command-switchOff').click();
  const row = panel.locator('[data-testid^="request-"][data-status]').first();
  await expect(row).toHaveAttribute('data-status', 'IN_PROGRESS');
  await expect(row.getByRole('progressbar')).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'DONE', { timeout: 30_000 });
  // Fluent's toaster also repeats the text for screen readers: the toast itself is the list item.
  await expect(page.getByRole('listitem', { name: 'Operation success' })).toBeVisible();
  await expect(panel.getByTestId('attr-poweredOn')).toContainText(/no|off/i);
});

test('the map keeps its view while a device panel opens and closes', async ({ page, request }) => {
  const [device] = await connectedLightPoints(request, 'orion');
  if (!device) throw new Error('no light point');
  await page.goto('/lighting/map');
  await expect(fleetLayer(page)).toHaveAttribute('data-devices', '60');
  // Moves there, waits for the fly-to to settle, closes the panel: nothing on the map may move.
  await moveToDevice(page, device.serialNumber);
  const before = await fleetLayer(page).getAttribute('data-view');
  await page.waitForTimeout(1000);
  expect(await fleetLayer(page).getAttribute('data-view')).toBe(before);
});

test('a deep link opens the device panel on the requested tab', async ({ page, request }) => {
  const [device] = await connectedLightPoints(request, 'vega');
  if (!device) throw new Error('no light point');
  await page.goto(`/lighting/map/devices/${device.id}?tab=realTimeMeasures`);
  await expect(page.getByTestId('device-panel')).toContainText(device.serialNumber);
  await expect(page.getByTestId('attr-voltage')).toContainText('V');
});

test('a device that registers while the map is open appears without a reload', async ({ page, request }) => {
  await connectedLightPoints(request, 'orion');
  await page.goto('/lighting/map');
  await expect(fleetLayer(page)).toHaveAttribute('data-devices', '60');

  const serial = 'E2E-NEW-LP-1';
  // Provisioned first, as every device is; it then connects with the credentials it was given.
  const provisioned = await request.post('/lighting/api/v1/devices', {
    data: {
      serialNumber: serial,
      deviceType: 'light-point-controller',
      vendor: 'vega',
      projectId: DEMO_PROJECT_ID,
      name: serial,
    },
  });
  expect(provisioned.status()).toBe(201);
  const { credentials } = ProvisionedDeviceSchema.parse(await provisioned.json());
  const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${stackMqttPort()}`, {
    clientId: serial,
    ...credentials,
  });
  const ts = new Date().toISOString();
  const registration = { deviceType: 'light-point-controller', vendor: 'vega', latitude: 41.3874, longitude: 2.1686 };
  await device.publishAsync(
    `lighting/v1/devices/${serial}/up/connection`,
    JSON.stringify({ connected: true, ts, registration }),
    { qos: 1 },
  );
  await device.publishAsync(
    `lighting/v1/devices/${serial}/up/attributes`,
    JSON.stringify({ ts, values: { poweredOn: true, dimming: 80 } }),
    { qos: 1 },
  );
  await expect(fleetLayer(page)).toHaveAttribute('data-devices', '61');
  await expect(page.getByTestId('fleet-summary')).toContainText('61');
  await device.endAsync();
});

test("the map's own controls speak the user's language", async ({ page, request }) => {
  await connectedLightPoints(request, 'orion');
  // Registered after the English default above, so this one wins.
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'es'));
  await page.goto('/lighting/map');
  const map = page.getByTestId('device-map');
  await expect(map.locator('.leaflet-control-zoom-in')).toHaveAttribute('title', 'Acercar');
  await expect(map.locator('.leaflet-control-zoom-out')).toHaveAttribute('title', 'Alejar');
  // The scale: metres or kilometres only (no feet or miles), named in Spanish.
  const scale = map.locator('.leaflet-control-scale');
  await expect(scale).toHaveText(/^\d[\d\s.]* k?m$/);
  await expect(scale.getByRole('img')).toHaveAccessibleName(/^Escala: \d[\d\s.]* k?m$/);
  await expect(page.getByRole('button', { name: 'Mostrar coincidencias' })).toBeVisible();
});

test('the outcome of a command is announced after its panel has been closed', async ({ page, request }) => {
  const device = (await connectedLightPoints(request, 'orion')).at(-1);
  if (!device) throw new Error('no light point');
  await page.goto(`/lighting/map/devices/${device.id}?tab=details`);
  const panel = page.getByTestId('device-panel');
  await expect(panel).toContainText(device.serialNumber);

  await panel.getByTestId('command-switchOn').click();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/lighting\/map$/);
  await expect(panel).toBeHidden();
  // The toast names the command and the device, since no panel shows which request ended.
  const toast = page.getByRole('listitem', { name: 'Operation success' });
  await expect(toast).toContainText(`Switch on — device ${device.name || device.serialNumber}`, { timeout: 30_000 });
});
