import { expect, type Page, test } from '@playwright/test';
import { DEMO_PROJECT_ID, ProvisionedDeviceSchema } from '@farola/protocol';
import mqtt from 'mqtt';
import { E2E_MQTT_PORT } from '../playwright.config';
import { alwaysSuppliedLightPoints, connectedLightPoints } from './fleet';

/** Whether every marker lies inside the map, and how much of the map's width or height the fleet spans. */
function fleetFraming(page: Page) {
  return page.evaluate(() => {
    const map = document.querySelector('[data-testid="device-map"]')?.getBoundingClientRect();
    const markers = [...document.querySelectorAll('[data-testid="device-map"] path.leaflet-interactive')].map((m) =>
      m.getBoundingClientRect(),
    );
    if (!map || markers.length === 0) return { allInside: false, spread: 0 };
    const allInside = markers.every(
      (m) => m.left >= map.left && m.right <= map.right && m.top >= map.top && m.bottom <= map.bottom,
    );
    const width = Math.max(...markers.map((m) => m.right)) - Math.min(...markers.map((m) => m.left));
    const height = Math.max(...markers.map((m) => m.bottom)) - Math.min(...markers.map((m) => m.top));
    return { allInside, spread: Math.max(width / map.width, height / map.height) };
  });
}

/** The centre of each marker on screen, in whole pixels (a selected marker is larger, not moved). */
function markerBoxes(page: Page) {
  return page
    .locator('[data-testid="device-map"] path.leaflet-interactive')
    .evaluateAll((paths) =>
      paths
        .map((p) => p.getBoundingClientRect())
        .map((r) => [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)]),
    );
}

// The demo user speaks Spanish; these specs read English labels.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

test('the map shows the simulated fleet, live', async ({ page, request }) => {
  await connectedLightPoints(request, 'orion');
  await page.goto('/lighting/map');
  await expect(page.getByTestId('device-map')).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'connected');
  await expect(page.getByTestId('fleet-summary')).toContainText(/60/);
  // One marker per device is drawn on the map.
  await expect(page.locator('[data-testid="device-map"] path.leaflet-interactive')).toHaveCount(60);
  // The map opens framing the fleet: every marker in view, and the fleet spread across the map.
  // Polled as a whole: while Leaflet animates the zoom, markers pass through intermediate positions.
  await expect
    .poll(async () => {
      const { allInside, spread } = await fleetFraming(page);
      return { allInside, spreadAcrossMap: spread > 0.4 };
    })
    .toEqual({ allInside: true, spreadAcrossMap: true });
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
  const markers = page.locator('[data-testid="device-map"] path.leaflet-interactive');
  await expect(markers).toHaveCount(60);
  await page.getByTestId('device-search').fill(device.serialNumber);
  await page.getByRole('option', { name: new RegExp(device.serialNumber) }).click();
  await expect(page.getByTestId('device-panel')).toContainText(device.serialNumber);
  // Wait for the fly-to to settle, then close the panel: nothing on the map may move.
  const settled = async () => JSON.stringify(await markerBoxes(page));
  let before = '';
  await expect.poll(async () => before === (before = await settled()), { intervals: [500] }).toBe(true);
  await page.getByTestId('device-panel').getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/lighting\/map$/);
  await page.waitForTimeout(1000);
  expect(await settled()).toBe(before);
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
  const markers = page.locator('[data-testid="device-map"] path.leaflet-interactive');
  await expect(markers).toHaveCount(60);

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
  const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${E2E_MQTT_PORT}`, {
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
  await expect(markers).toHaveCount(61);
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
