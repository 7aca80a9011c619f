import { type APIRequestContext, expect, test } from '@playwright/test';
import { type Device, DeviceSchema } from '@farola/protocol';
import { alwaysSuppliedLightPoints } from './fleet';
import { simulatorControl } from './simulator';

async function act(request: APIRequestContext, device: Device, action: string, params: object = {}): Promise<void> {
  const answer = await request.post(`${simulatorControl()}/actions`, {
    data: { action, target: { serials: [device.serialNumber] }, params },
  });
  expect(answer.ok()).toBe(true);
  expect((await answer.json()).applied).toEqual([device.serialNumber]);
}

/** The stack's COMMAND_ATTEMPT_TIMEOUT_MS (the default): an attempt at a connected device would have timed out by then. */
const ATTEMPT_TIMEOUT_MS = 15_000;

async function isConnected(request: APIRequestContext, device: Device): Promise<boolean> {
  const answer = await request.get(`/lighting/api/v1/devices/${device.id}`);
  return DeviceSchema.parse(await answer.json()).connected;
}

// The demo user speaks Spanish; these specs read English labels.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

test('a switch-off to a disconnected light point waits for it, and is carried out as soon as it reconnects', async ({
  page,
  request,
}) => {
  // The last of them: other specs command the first ones.
  const device = (await alwaysSuppliedLightPoints(request, 'orion')).at(-1);
  if (!device) throw new Error('no light point');
  // Away for an hour, unless brought back: the test restores it when it has seen the wait.
  await act(request, device, 'drop-connection', { seconds: 3600 });
  await expect.poll(() => isConnected(request, device), { timeout: 15_000 }).toBe(false);

  await page.goto(`/lighting/map/devices/${device.id}?tab=details`);
  const panel = page.getByTestId('device-panel');
  await expect(panel.getByTestId('offline-queue-note')).toContainText(
    'commands wait for it and are sent as soon as it reconnects',
  );
  await panel.getByTestId('command-switchOff').click();
  const sentAt = Date.now();
  const row = panel.locator('[data-testid^="request-"][data-status]').first();
  await expect(row).toContainText('Switch off');
  await expect(row).toContainText('Waiting for the device to reconnect (until ');
  await expect(row).toHaveAttribute('data-status', 'IN_PROGRESS');
  await page.screenshot({ path: test.info().outputPath('panel-waiting.png') });

  await page.goto('/lighting/queued-requests?status=IN_PROGRESS&command=switchOff');
  const queued = page.getByTestId('queued-request').filter({ hasText: device.name ?? device.serialNumber });
  await expect(queued).toContainText('Waiting for the device to reconnect (until ');
  await expect(queued.locator('[data-column="attempt"]')).toHaveText('1');

  await page.goto(`/lighting/map/devices/${device.id}?tab=details`);
  await expect(panel.getByTestId('offline-queue-note')).toBeVisible();
  // Still waiting, not timed out, after what an attempt at a connected device would have taken.
  await page.waitForTimeout(Math.max(0, sentAt + ATTEMPT_TIMEOUT_MS + 1000 - Date.now()));
  await expect(row).toContainText('Waiting for the device to reconnect');
  await expect(row).toHaveAttribute('data-status', 'IN_PROGRESS');
  await act(request, device, 'restore-connection');
  await expect.poll(() => isConnected(request, device), { timeout: 15_000, intervals: [250] }).toBe(true);
  const back = Date.now();
  // Sent the moment it is back (the switch itself takes the device 1–3 s), not at a retry tick.
  await expect(row).toHaveAttribute('data-status', 'DONE', { timeout: 8_000 });
  expect(Date.now() - back).toBeLessThan(8_000);
  await expect(row).not.toContainText('attempt');
  await expect(panel.getByTestId('offline-queue-note')).toHaveCount(0);
});
