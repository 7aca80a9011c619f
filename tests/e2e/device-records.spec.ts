import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Device, DeviceSchema, deviceCsvHeaders, pageSchema } from '@farola/protocol';
import { connectedLightPoints } from './fleet';
import { actOnSimulator } from './simulator';

const DevicePageSchema = pageSchema(DeviceSchema);

async function devices(request: APIRequestContext, query: string): Promise<Device[]> {
  const answer = await request.get(`/lighting/api/v1/devices?${query}&limit=500`);
  expect(answer.ok()).toBe(true);
  return DevicePageSchema.parse(await answer.json()).items;
}

// An operator far west of the devices: a day (an installation date) must still read as that day.
test.use({ timezoneId: 'America/New_York' });

/** Connected cabinet controllers in operation, once the simulator's fleet has registered. */
async function cabinetsInOperation(request: APIRequestContext): Promise<Device[]> {
  let cabinets: Device[] = [];
  await expect(async () => {
    cabinets = await devices(request, 'deviceType=cabinet-controller&connected=true&status=ready');
    expect(cabinets.length).toBeGreaterThan(1);
  }).toPass({ timeout: 30_000 });
  return cabinets;
}

const inEnglish = (page: Page) => page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));

test("a device route with a malformed id says 'Invalid ID supplied'; one no device has 'Device not found'", async ({
  page,
}) => {
  await inEnglish(page);
  for (const path of ['/lighting/map/devices/not-a-uuid', '/lighting/inventory/light-points/devices/12345']) {
    await page.goto(path);
    await expect(page.getByTestId('device-panel')).toContainText('Invalid ID supplied');
    await expect(page.getByTestId('device-panel')).not.toContainText('Device not found');
  }
  await page.goto(`/lighting/inventory/cabinet-controllers/devices/${randomUUID()}`);
  await expect(page.getByTestId('device-panel')).toContainText('Device not found');
});

test("renaming a light point to another's name is refused on the form, in the user's language", async ({
  page,
  request,
}) => {
  const [first, second] = await connectedLightPoints(request, 'orion');
  if (!first || !second) throw new Error('two light points needed');
  // The demo user reads Spanish.
  await page.goto(`/lighting/map/devices/${second.id}?tab=details`);
  const input = page.getByTestId('device-name-input');
  await input.fill(first.name.toUpperCase());
  await page.getByTestId('device-name-save').click();
  await expect(page.getByTestId('device-panel')).toContainText(
    `El nombre ${first.name.toUpperCase()} del punto de luz ya existe`,
  );
  // Nothing changed; a free name is taken.
  const free = `${second.name} bis`;
  await input.fill(free);
  await page.getByTestId('device-name-save').click();
  await expect(page.getByTestId('device-panel').getByRole('heading', { name: free })).toBeVisible();
  const saved = DeviceSchema.parse(await (await request.get(`/lighting/api/v1/devices/${second.id}`)).json());
  expect(saved.name).toBe(free);
});

test('a failed installation shows why, in the panel and the list, and can be retried or left for revision', async ({
  page,
  request,
}) => {
  await inEnglish(page);
  const [cabinet] = await cabinetsInOperation(request);
  if (!cabinet) throw new Error('no cabinet in operation');
  await actOnSimulator(request, 'fail-installation', cabinet.serialNumber, {
    reason: 'INSTALLATION_MAX_ATTEMPTS_REACHED',
  });
  expect(
    (
      await request.post(`/lighting/api/v1/devices/${cabinet.id}/lifecycle`, { data: { action: 'sendToRevision' } })
    ).ok(),
  ).toBe(true);

  // The cabinet list is open beside the panel: it follows the device's status as it changes.
  const list = await page.context().newPage();
  await inEnglish(list);
  await list.goto(`/lighting/inventory/cabinet-controllers?q=${cabinet.serialNumber}`);
  const row = list.getByTestId('device-row');
  await expect(row).toContainText('On revision');

  await page.goto(`/lighting/map/devices/${cabinet.id}?tab=details`);
  const panel = page.getByTestId('device-panel');
  await panel.getByTestId('lifecycle-menu').click();
  await page.getByTestId('lifecycle-sendToInstallation').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send to installation' }).click();

  await expect(panel.getByTestId('status-banner')).toHaveText('The installation of this device failed', {
    timeout: 30_000,
  });
  const progress = panel.getByTestId('installation-progress');
  await expect(progress.getByTestId('installation-headline')).toHaveText(
    'Installation failed: Max installation attempts reached',
  );
  await expect(progress.getByTestId('installation-retryInstallation')).toBeVisible();
  await expect(progress.getByTestId('installation-sendToRevision')).toBeVisible();
  // The list says so too, without being reloaded.
  await expect(row).toContainText('Installation failed');

  // Retry: a new installation runs.
  await progress.getByTestId('installation-retryInstallation').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Retry installation' }).click();
  await expect(panel.getByTestId('status-banner')).toHaveText('This device is being installed');
  await expect(progress.getByTestId('installation-headline')).toHaveText(
    /Installation started|Installation in progress \(1\)/,
  );
  await expect(progress.getByTestId('installation-retryInstallation')).toHaveCount(0);
  await expect(row).toContainText('Installing');
  await list.close();

  // The way out: to revision, which stops the installation under way.
  await panel.getByTestId('lifecycle-menu').click();
  await page.getByTestId('lifecycle-sendToRevision').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send to revision' }).click();
  await expect(panel.getByTestId('status-banner')).toHaveText('This device is on revision');
  await expect(panel.getByTestId('installation-progress')).toHaveCount(0);
});

test("a cabinet's reset installation shows its new installation date in the open panel at once", async ({
  page,
  request,
}) => {
  await inEnglish(page);
  const [, cabinet] = await cabinetsInOperation(request);
  if (!cabinet) throw new Error('no second cabinet in operation');
  await page.goto(`/lighting/map/devices/${cabinet.id}?tab=details`);
  const panel = page.getByTestId('device-panel');
  await expect(panel).toContainText(cabinet.serialNumber);
  const day = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
  await panel.getByTestId('command-more').click();
  await page.getByTestId('command-resetInstallation').click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel('New installation date').fill(day);
  await dialog.getByTestId('accept-consequences').click();
  await dialog.getByRole('button', { name: 'Reset installation' }).click();

  // A day, shown as the day it is: without a time, whatever the browser's time zone.
  const shown = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
  await expect(panel.getByTestId('field-installationDate')).toHaveText(new RegExp(`${shown}$`), { timeout: 60_000 });
  const saved = DeviceSchema.parse(await (await request.get(`/lighting/api/v1/devices/${cabinet.id}`)).json());
  expect(saved.installationDate).toBe(`${day}T00:00:00.000Z`);
});

test('the CSV export has the import headers in the user language, project names and readable values', async ({
  page,
  request,
}) => {
  await connectedLightPoints(request, 'vega');
  // The demo user reads Spanish: so do the headers.
  await page.goto('/lighting/inventory/light-points?vendor=vega');
  await expect(page.getByTestId('device-row').first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar a CSV' }).click(),
  ]);
  const lines = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe(deviceCsvHeaders('es').join(','));
  const header = lines[0]!.split(',');
  const rows = lines.slice(1).map((line) => line.split(','));
  expect(rows.length).toBeGreaterThan(0);
  for (const cells of rows) {
    expect(cells[header.indexOf('Proyecto')]).toMatch(/^(Demo city( \/ Old town)?|North districts)$/);
    expect(cells[header.indexOf('Familia de fabricante')]).toBe('Vega');
    expect(cells[header.indexOf('Tipo de dispositivo')]).toBe('light-point-controller');
  }
});
