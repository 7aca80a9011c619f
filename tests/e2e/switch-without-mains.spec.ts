import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Device, DeviceSchema, OPERATE_MODE_TABLE, pageSchema } from '@farola/protocol';
import { simulatorControl } from './simulator';

const DevicePageSchema = pageSchema(DeviceSchema);

async function simulatedNow(request: APIRequestContext): Promise<number> {
  const answer = await request.get(`${simulatorControl()}/clock`);
  return Date.parse(((await answer.json()) as { now: string }).now);
}

async function setClock(request: APIRequestContext, time: string): Promise<void> {
  expect((await request.put(`${simulatorControl()}/clock`, { data: { time } })).ok()).toBe(true);
}

/** Connected light points whose supply the reports show as `supply`, with their circuit live or not. */
async function lightPoints(
  request: APIRequestContext,
  supply: 'cabinet' | 'uninterruptible',
  mains: boolean,
): Promise<Device[]> {
  const answer = await request.get(
    '/lighting/api/v1/devices?deviceType=light-point-controller&connected=true&limit=500',
  );
  return DevicePageSchema.parse(await answer.json()).items.filter(({ attributes }) => {
    const mode = attributes.operateMode;
    return (
      mode !== undefined && OPERATE_MODE_TABLE[mode].supply === supply && attributes.shouldBeConnectedByGroup === mains
    );
  });
}

/** Switches the device on from its panel and returns its request's row once the device has done it. */
async function switchOnFromPanel(page: Page, device: Device) {
  await page.goto(`/lighting/map/devices/${device.id}?tab=details`);
  const panel = page.getByTestId('device-panel');
  await panel.getByTestId('command-switchOn').click();
  const row = panel.locator('[data-testid^="request-"][data-status]').first();
  await expect(row).toContainText('Switch on');
  await expect(row).toHaveAttribute('data-status', 'DONE', { timeout: 30_000 });
  return row;
}

const NO_MAINS = 'Switched on; the lamp stays off until its cabinet controller powers the circuit';

// The demo user speaks Spanish; these specs read English labels.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

test('a switch-on by day says why a light point on a cabinet-fed circuit stays off, and only there', async ({
  page,
  request,
}) => {
  const started = Date.now();
  const before = await simulatedNow(request);
  const switched: Device[] = [];
  try {
    // Midday: the cabinets' astronomical outputs are off, so cabinet-fed circuits have no mains.
    await setClock(request, 'sunrise+5h');
    let dark: Device | undefined;
    let supplied: Device | undefined;
    await expect(async () => {
      [dark] = await lightPoints(request, 'cabinet', false);
      [supplied] = await lightPoints(request, 'uninterruptible', true);
      expect(dark && supplied).toBeTruthy();
    }).toPass({ timeout: 30_000 });
    if (!dark || !supplied) throw new Error('no light point to switch');

    switched.push(dark);
    const darkRow = await switchOnFromPanel(page, dark);
    await expect(darkRow).toContainText(NO_MAINS);
    await expect(page.getByRole('listitem', { name: NO_MAINS })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('switched-on-without-mains.png') });
    await page.goto(`/lighting/queued-requests?command=switchOn&q=${dark.serialNumber}`);
    await expect(page.getByTestId('queued-request').first()).toContainText(`Done · ${NO_MAINS}`);

    switched.push(supplied);
    const litRow = await switchOnFromPanel(page, supplied);
    await expect(litRow).not.toContainText(NO_MAINS);
    await expect(page.getByRole('listitem', { name: 'Operation success' })).toBeVisible();
  } finally {
    // Other specs find the fleet as they left it: the clock back, and no manual switch holding.
    await setClock(request, new Date(before + (Date.now() - started)).toISOString());
    for (const device of switched) {
      const mode = device.attributes.operateMode;
      if (!mode) continue;
      await request.post(`/lighting/api/v1/devices/${device.id}/commands`, {
        data: { command: 'setOperateMode', params: { operateMode: mode } },
      });
    }
  }
});
