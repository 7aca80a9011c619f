import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Device, DeviceSchema, pageSchema } from '@farola/protocol';
import { alwaysSuppliedLightPoints, connectedLightPoints } from './fleet';
import { actOnSimulator } from './simulator';

const DevicePageSchema = pageSchema(DeviceSchema);

async function connectedCabinets(request: APIRequestContext): Promise<Device[]> {
  let devices: Device[] = [];
  await expect(async () => {
    const answer = await request.get(
      '/lighting/api/v1/devices?deviceType=cabinet-controller&connected=true&status=ready&limit=500',
    );
    devices = DevicePageSchema.parse(await answer.json()).items.filter((device) => device.attributes.configuration);
    expect(devices.length).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000 });
  return devices;
}

function openPanel(page: Page, device: Device, tab = 'details') {
  return page.goto(`/lighting/map/devices/${device.id}?tab=${tab}`);
}

// The demo user speaks Spanish; these specs read English labels.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

test("a command the device refuses shows its translated error, and a GPS reading without a fix 'No GPS signal'", async ({
  page,
  request,
}) => {
  const [device] = await alwaysSuppliedLightPoints(request, 'orion');
  if (!device) throw new Error('no light point');
  await actOnSimulator(request, 'fail-next-command', device.serialNumber, { code: 'NOT_ACCEPTABLE' });
  await openPanel(page, device);
  const panel = page.getByTestId('device-panel');
  await expect(panel).toContainText(device.serialNumber);

  await panel.getByTestId('command-switchOff').click();
  const failed = panel.locator('[data-testid^="request-"][data-status]').first();
  await expect(failed).toHaveAttribute('data-status', 'ERROR', { timeout: 30_000 });
  await expect(failed).toContainText('Device reports an error NOT_ACCEPTABLE');

  await actOnSimulator(request, 'lose-gps', device.serialNumber, { minutes: 30 });
  await panel.getByTestId('command-more').click();
  await page.getByTestId('command-readLocation').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Read latitude/longitude' }).click();
  const reading = panel.locator('[data-testid^="request-"][data-status]').first();
  await expect(reading).toContainText('Read latitude/longitude');
  await expect(reading).toHaveAttribute('data-status', 'ERROR', { timeout: 30_000 });
  await expect(reading).toContainText('No GPS signal');
});

test('sending a device to revision shows its new status and banner', async ({ page, request }) => {
  const devices = await connectedLightPoints(request, 'vega');
  const device = devices.find((candidate) => candidate.status === 'ready');
  if (!device) throw new Error('no light point in operation');
  await openPanel(page, device);
  const panel = page.getByTestId('device-panel');
  await expect(panel).toContainText('In operation');
  await expect(panel.getByTestId('status-banner')).toHaveCount(0);

  await panel.getByTestId('lifecycle-menu').click();
  // A device in operation cannot be sent to installation.
  await expect(page.getByTestId('lifecycle-sendToRevision')).toBeVisible();
  await expect(page.getByTestId('lifecycle-sendToInstallation')).toHaveCount(0);
  await page.getByTestId('lifecycle-sendToRevision').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Send ${device.name} to revision?`);
  await dialog.getByRole('button', { name: 'Send to revision' }).click();

  await expect(panel.getByTestId('status-banner')).toHaveText('This device is on revision');
  await expect(panel).toContainText('On revision');
  // The server holds the move too: a fresh page shows it.
  await page.reload();
  await expect(page.getByTestId('status-banner')).toHaveText('This device is on revision');
});

test('an installation goes through its steps in order and ends with the device in operation', async ({
  page,
  request,
}) => {
  // The seven steps take 80 s of simulated time on the device.
  test.setTimeout(180_000);
  const [cabinet] = await connectedCabinets(request);
  if (!cabinet) throw new Error('no cabinet');
  const toRevision = await request.post(`/lighting/api/v1/devices/${cabinet.id}/lifecycle`, {
    data: { action: 'sendToRevision' },
  });
  expect(toRevision.ok()).toBe(true);
  await openPanel(page, cabinet);
  const panel = page.getByTestId('device-panel');
  await expect(panel.getByTestId('status-banner')).toHaveText('This device is on revision');

  await panel.getByTestId('lifecycle-menu').click();
  await page.getByTestId('lifecycle-sendToInstallation').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send to installation' }).click();
  await expect(panel.getByTestId('status-banner')).toHaveText('This device is being installed');
  const progress = panel.getByTestId('installation-progress');
  await expect(progress.getByTestId('installation-step-prepare')).toHaveText('Initializing');
  await expect(progress.getByTestId('installation-headline')).toContainText(
    /Installation started|Installation in progress \(1\)/,
  );

  // Each step becomes the current one in turn, those before it done.
  for (const step of ['powerTest', 'identify', 'powerLimit', 'checkCapabilities', 'validate', 'locate']) {
    await expect(progress.getByTestId(`installation-step-${step}`)).toHaveAttribute('aria-current', 'step', {
      timeout: 40_000,
    });
    await expect(progress.getByTestId('installation-step-prepare')).toHaveAttribute('data-state', 'done');
    await expect(progress.getByTestId('installation-headline')).toContainText('Installation in progress (1)');
  }

  // Done: the device is in operation, without a banner or an installation panel.
  await expect(panel.getByTestId('status-banner')).toHaveCount(0, { timeout: 40_000 });
  await expect(panel).toContainText('In operation');
  await expect(panel.getByTestId('installation-progress')).toHaveCount(0);
  const answer = await request.get(`/lighting/api/v1/devices/${cabinet.id}`);
  expect(DeviceSchema.parse(await answer.json()).status).toBe('ready');
});

test('the Parameters tab sends a changed value as a queued configuration that the cabinet takes', async ({
  page,
  request,
}) => {
  const cabinets = await connectedCabinets(request);
  const cabinet = cabinets.at(-1);
  if (!cabinet) throw new Error('no cabinet');
  await openPanel(page, cabinet, 'parameters');
  const panel = page.getByTestId('device-panel');
  await expect(panel.getByRole('tab', { name: 'Parameters' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel).toContainText('A configuration can take up to one hour to take effect');

  const offset = panel.getByTestId('parameter-time.sunsetOffsetMinutes');
  const next = cabinet.attributes.configuration?.time.sunsetOffsetMinutes === -20 ? '-25' : '-20';
  await offset.fill('500');
  await expect(panel).toContainText('Maximum value is 180');
  await expect(panel.getByTestId('parameters-save')).toBeDisabled();
  await offset.fill(next);
  await panel.getByTestId('parameters-save').click();
  await expect(page.getByRole('listitem', { name: 'Operation queued' })).toBeVisible();

  const row = panel.locator('[data-testid^="request-"][data-status]').first();
  await expect(row).toContainText('Change configuration');
  await expect(row).toHaveAttribute('data-status', 'DONE', { timeout: 30_000 });
  // The cabinet reports its new configuration.
  await expect(async () => {
    const answer = await request.get(`/lighting/api/v1/devices/${cabinet.id}`);
    expect(DeviceSchema.parse(await answer.json()).attributes.configuration?.time.sunsetOffsetMinutes).toBe(
      Number(next),
    );
  }).toPass({ timeout: 30_000 });
  await expect(offset).toHaveValue(next);
});

test('the Photography tab uploads a photograph, shows its image and deletes it once confirmed', async ({
  page,
  request,
}) => {
  const [device] = await connectedLightPoints(request, 'orion');
  if (!device) throw new Error('no light point');
  await openPanel(page, device, 'photography');
  const panel = page.getByTestId('device-panel');
  await expect(panel.getByRole('tab', { name: 'Photography' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByTestId('photo-upload')).toBeEnabled();

  // A real PNG of 64 × 48 pixels, drawn by the browser.
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.fillStyle = '#1f6f43';
    context.fillRect(0, 0, 64, 48);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('no PNG');
    return [...new Uint8Array(await blob.arrayBuffer())];
  });
  const filename = `e2e-${Date.now()}.png`;
  await panel
    .getByTestId('photo-file')
    .setInputFiles({ name: filename, mimeType: 'image/png', buffer: Buffer.from(png) });
  await expect(page.getByRole('listitem', { name: 'Photograph uploaded' })).toBeVisible();

  // The thumbnail is the image the server stored, decoded by the browser.
  const image = panel.getByRole('img', { name: filename });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(64);

  await panel.getByRole('button', { name: `Delete ${filename}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Delete the photograph ${filename}?`);
  await dialog.getByRole('button', { name: 'Delete photograph' }).click();
  await expect(page.getByRole('listitem', { name: 'Photograph deleted' })).toBeVisible();
  await expect(image).toHaveCount(0);
  const answer = await request.get(`/lighting/api/v1/devices/${device.id}/photos`);
  expect((await answer.json()).items.map((photo: { filename: string }) => photo.filename)).not.toContain(filename);
});

test('the real time measures chart draws the chosen measure and grows as the device reports', async ({
  page,
  request,
}) => {
  // Some light points leave out their electrical measures (a dead meter line): take one that reports them.
  let device: Device | undefined;
  await expect(async () => {
    const devices = await connectedLightPoints(request, 'orion');
    device = devices.find((candidate) => typeof candidate.attributes.voltage === 'number');
    expect(device).toBeDefined();
  }).toPass({ timeout: 30_000 });
  if (!device) throw new Error('no light point reporting its voltage');
  await openPanel(page, device, 'realTimeMeasures');
  const panel = page.getByTestId('device-panel');
  const chart = panel.getByTestId('measure-chart');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(panel.getByRole('figure', { name: 'Instantaneous active power over time' })).toBeVisible();
  await expect(panel.getByTestId('measure-chart-summary')).toContainText('Latest:');

  await panel.getByRole('combobox', { name: 'Measure shown in the chart' }).selectOption('voltage');
  await expect(panel.getByRole('figure', { name: 'Voltage over time' })).toBeVisible();
  await expect(chart).toHaveAttribute('data-points', /^[1-9]\d*$/);
  const before = Number(await chart.getAttribute('data-points'));
  // The simulator reports every 10 s: the next report adds a point.
  await expect
    .poll(async () => Number(await chart.getAttribute('data-points')), { timeout: 40_000 })
    .toBeGreaterThan(before);
  await expect(panel.getByTestId('measure-chart-summary')).toContainText(' V');
});

test('the header shows the device profile from the keyboard', async ({ page, request }) => {
  const [device] = await connectedLightPoints(request, 'vega');
  if (!device) throw new Error('no light point');
  await openPanel(page, device);
  const panel = page.getByTestId('device-panel');
  await panel.getByRole('button', { name: 'Device profile' }).focus();
  await page.keyboard.press('Enter');
  const profile = page.getByTestId('device-profile');
  await expect(profile).toContainText('Vendor family');
  await expect(profile).toContainText('Vega');
  await expect(profile).toContainText('Light point');
  await page.keyboard.press('Escape');
  await expect(profile).toBeHidden();
});

test('the device profile opened by pointing at its button stays open when the button is clicked', async ({
  page,
  request,
}) => {
  const [device] = await connectedLightPoints(request, 'vega');
  if (!device) throw new Error('no light point');
  await openPanel(page, device);
  const button = page.getByTestId('device-panel').getByRole('button', { name: 'Device profile' });
  const profile = page.getByTestId('device-profile');
  await button.hover();
  await expect(profile).toBeVisible();
  // The click that usually follows the pointer must not close what it came to see.
  await button.click();
  await page.waitForTimeout(500);
  await expect(profile).toBeVisible();
  // A second click closes it, as Escape does.
  await button.click();
  await expect(profile).toBeHidden();
});

test("a cabinet's power table is edited row by row and sent as a configuration change", async ({ page, request }) => {
  const [cabinet] = await connectedCabinets(request);
  if (!cabinet) throw new Error('no cabinet controller');
  await openPanel(page, cabinet, 'powerTable');
  const panel = page.getByTestId('device-panel');
  const form = panel.getByTestId('power-table-form');
  // Start from an empty table whatever the cabinet holds, then add two rows (levels 0 and 10 %).
  for (let rows = cabinet.attributes.configuration?.other.powerTable.length ?? 0; rows > 0; rows -= 1) {
    await form.getByRole('button', { name: 'Remove row 1' }).click();
  }
  await form.getByRole('button', { name: 'Add row' }).click();
  await form.getByRole('button', { name: 'Add row' }).click();
  await expect(panel.getByTestId('power-level-1')).toHaveValue('10');
  // Levels must increase: a level no higher than the one before is refused before anything is sent.
  await panel.getByTestId('power-level-1').fill('0');
  await expect(panel.getByTestId('power-table-problem')).toContainText('Dimming levels must increase');
  await expect(panel.getByTestId('power-table-save')).toBeDisabled();
  await panel.getByTestId('power-level-1').fill('100');
  await panel.getByTestId('power-watts-1').fill('321.5');
  await panel.getByTestId('power-table-save').click();

  const sent = panel.locator('[data-testid^="request-"][data-status]').first();
  await expect(sent).toContainText('Change configuration');
  await expect(sent).toHaveAttribute('data-status', 'DONE', { timeout: 30_000 });
  // The cabinet reports its new configuration: the form shows the saved row.
  await expect(panel.getByTestId('power-watts-1')).toHaveValue('321.5', { timeout: 30_000 });
  await expect(panel.getByTestId('power-level-1')).toHaveValue('100');
});

test("a luminaire serial number is recorded once: another device's is refused", async ({ page, request }) => {
  const [first, second] = await connectedLightPoints(request, 'vega');
  if (!first || !second) throw new Error('two light points needed');
  const luminaire = `E2E-LUM-${Date.now()}`;
  for (const [device, outcome] of [
    [first, 'Device edited'],
    [second, `Luminaire serial number ${luminaire} already exists`],
  ] as const) {
    await openPanel(page, device, 'technicalInformation');
    const panel = page.getByTestId('device-panel');
    await panel.getByTestId('luminaire-luminaireSerialNumber').fill(luminaire);
    await panel.getByRole('button', { name: 'Save luminaire' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: outcome })).toBeVisible();
  }
});
