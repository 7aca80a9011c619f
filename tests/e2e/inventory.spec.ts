import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { DeviceSchema, pageSchema, QueuedRequestSchema } from '@farola/protocol';
import { alwaysSuppliedLightPoints } from './fleet';
import { simulatorControl } from './simulator';

const DevicePageSchema = pageSchema(DeviceSchema);

// The demo user speaks Spanish; these specs read English labels.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

async function listTotal(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: /\d+ devices?/ });
  await expect(status).toBeVisible();
  return Number(/(\d+) devices?/.exec((await status.textContent()) ?? '')?.[1]);
}

async function devicesOf(request: APIRequestContext, query: string) {
  const answer = await request.get(`/lighting/api/v1/devices?${query}&limit=500`);
  expect(answer.ok()).toBe(true);
  return DevicePageSchema.parse(await answer.json()).items;
}

test('exports to CSV exactly what the filters show', async ({ page, request }) => {
  await alwaysSuppliedLightPoints(request, 'vega');
  await page.goto('/lighting/inventory/light-points?vendor=vega&connection=connected');
  const total = await listTotal(page);
  expect(total).toBeGreaterThan(0);
  const rows = page.getByTestId('device-row');
  await expect(rows.first()).toBeVisible();
  for (const vendor of await rows.locator('[data-column="vendor"]').allTextContents()) expect(vendor).toBe('Vega');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('light-points.csv');
  const lines = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const header = lines[0]?.split(',') ?? [];
  const column = (name: string) => header.indexOf(name);
  expect(lines).toHaveLength(total + 1);
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    expect(cells[column('Vendor family')]).toBe('Vega');
    expect(cells[column('Device type')]).toBe('light-point-controller');
  }
});

test('pages through the list with Show more, in a stable order without repeats, to No more data', async ({
  page,
  request,
}) => {
  const all = await devicesOf(request, 'deviceType=light-point-controller');
  await page.goto('/lighting/inventory/light-points?limit=25');
  const rows = page.getByTestId('device-row');
  await expect(rows).toHaveCount(Math.min(25, all.length));
  while (await page.getByRole('button', { name: 'Show more' }).isVisible()) {
    const before = await rows.count();
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(before);
  }
  await expect(page.getByText('No more data')).toBeVisible();
  const serials = await rows.locator('[data-column="serialNumber"]').allTextContents();
  expect(new Set(serials).size).toBe(serials.length);
  expect(serials.length).toBe(all.length);
});

test('refuses a bulk action on a selection that mixes vendor families', async ({ page, request }) => {
  await alwaysSuppliedLightPoints(request, 'orion');
  await alwaysSuppliedLightPoints(request, 'vega');
  await page.goto('/lighting/inventory/light-points?limit=200');
  const rows = page.getByTestId('device-row');
  await rows.filter({ hasText: 'Orion' }).first().getByRole('checkbox').check();
  await rows.filter({ hasText: 'Vega' }).first().getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Actions (2)' }).click();
  await page.getByRole('menuitem', { name: 'Switch off' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByTestId('bulk-incompatible')).toHaveText('Selected items are incompatible');
  await expect(dialog.getByRole('button', { name: /Run on/ })).toHaveCount(0);
});

test('a bulk switch-off runs as one job and ends on its per-item summary', async ({ page, request }) => {
  const targets = await alwaysSuppliedLightPoints(request, 'orion');
  await page.goto('/lighting/inventory/light-points?vendor=orion&connection=connected&limit=200');
  const rows = page.getByTestId('device-row');
  await expect(rows.first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all shown' }).check();
  const selected = await rows.count();
  expect(selected).toBeGreaterThanOrEqual(targets.length);
  await page.getByRole('button', { name: `Actions (${selected})` }).click();
  await page.getByRole('menuitem', { name: 'Switch off' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: `Run on ${selected} devices` }).click();

  await expect(page).toHaveURL(/\/lighting\/bulk-actions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Summary: Switch off');
  await expect(page.getByTestId('bulk-count-total')).toContainText(String(selected));
  await expect(page.getByTestId('bulk-status')).toContainText('Finished', { timeout: 45_000 });
  await expect(page.getByTestId('bulk-count-pending')).toContainText('0');
  await expect(page.getByTestId('bulk-count-succeeded')).toContainText(String(selected));
  await page.getByRole('tab', { name: /Successful/ }).click();
  await expect(page.getByTestId('bulk-item')).toHaveCount(Math.min(selected, 50));
  // Followed to the devices: each reports itself switched off.
  await expect(async () => {
    const after = await devicesOf(request, 'deviceType=light-point-controller&vendor=orion&connected=true');
    const byId = new Map(after.map((device) => [device.id, device]));
    for (const target of targets) expect(byId.get(target.id)?.attributes.poweredOn).toBe(false);
  }).toPass({ timeout: 30_000 });
});

test('selects every device that matches the filters, past the loaded rows, and switches them all off', async ({
  page,
  request,
}) => {
  await alwaysSuppliedLightPoints(request, 'orion');
  const filter = 'deviceType=light-point-controller&vendor=orion';
  const matching = await devicesOf(request, filter);
  // The smallest page the list offers leaves some of them to 'Show more'.
  const pageSize = 25;
  expect(matching.length).toBeGreaterThan(pageSize);

  await page.goto(`/lighting/inventory/light-points?vendor=orion&limit=${pageSize}`);
  const rows = page.getByTestId('device-row');
  await expect(rows).toHaveCount(pageSize);
  const total = await listTotal(page);
  expect(total).toBe(matching.length);
  await page.getByRole('checkbox', { name: 'Select all shown' }).check();
  const line = page.getByTestId('selection-line');
  await expect(line).toContainText(`All ${pageSize} loaded devices are selected.`);
  await line.getByRole('button', { name: `Select all ${total} devices that match the filters` }).click();
  await expect(line).toContainText(`All ${total} devices that match the filters are selected.`);
  await expect(line.getByRole('button', { name: 'Clear selection' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('select-all-matching.png') });

  await page.getByRole('button', { name: `Actions (${total})` }).click();
  await page.getByRole('menuitem', { name: 'Switch off' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`${total} devices selected`);
  await dialog.getByRole('button', { name: /^Run on/ }).click();

  await expect(page).toHaveURL(/\/lighting\/bulk-actions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Summary: Switch off');
  await expect(page.getByTestId('bulk-count-total').locator('dd')).toHaveText(String(total));
  await expect(page.getByTestId('bulk-status')).toContainText('Finished', { timeout: 45_000 });
});

test('cancels a queued request from the Queued requests screen', async ({ page, request }) => {
  const [device] = await alwaysSuppliedLightPoints(request, 'vega');
  if (!device) throw new Error('No light point to command');
  // Offline for five minutes: its command stays queued until it is back.
  const dropped = await request.post(`${simulatorControl()}/actions`, {
    data: { action: 'drop-connection', target: { serials: [device.serialNumber] }, params: { seconds: 300 } },
  });
  expect(dropped.ok()).toBe(true);
  await expect(async () => {
    const [now] = await devicesOf(request, `q=${device.serialNumber}`);
    expect(now?.connected).toBe(false);
  }).toPass({ timeout: 15_000 });
  const sent = await request.post(`/lighting/api/v1/devices/${device.id}/commands`, {
    data: { command: 'switchOn', params: {} },
  });
  expect(sent.status()).toBe(202);
  const queued = QueuedRequestSchema.parse(await sent.json());

  await page.goto('/lighting/queued-requests?status=IN_PROGRESS&command=switchOn');
  const row = page.getByTestId('queued-request').filter({ hasText: device.name });
  await expect(row).toHaveAttribute('data-status', 'IN_PROGRESS');
  await row.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel requests' }).click();
  await expect(page.getByText('Request canceled').first()).toBeVisible();
  await expect(async () => {
    const answer = await request.get(`/lighting/api/v1/queued-requests/${queued.id}`);
    expect(QueuedRequestSchema.parse(await answer.json()).status).toBe('CANCELLED');
  }).toPass({ timeout: 10_000 });
  await page.goto('/lighting/queued-requests?status=CANCELLED');
  await expect(page.getByTestId('queued-request').filter({ hasText: device.name }).first()).toHaveAttribute(
    'data-status',
    'CANCELLED',
  );
});
