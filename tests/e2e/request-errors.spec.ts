import { expect, type Page, test } from '@playwright/test';
import { type Device, QueuedRequestSchema } from '@farola/protocol';
import { alwaysSuppliedLightPoints } from './fleet';
import { actOnSimulator } from './simulator';

/** What one failed GPS reading reads on the device's panel and on Queued requests, in a language. */
async function shownErrors(page: Page, device: Device, language: string): Promise<string[]> {
  await page.addInitScript((lng) => localStorage.setItem('defaultLocale', lng), language);
  await page.goto(`/lighting/map/devices/${device.id}?tab=details`);
  const row = page.getByTestId('device-panel').locator('[data-testid^="request-"][data-status="ERROR"]').first();
  await expect(row).toBeVisible();
  const panel = (await row.textContent()) ?? '';
  await page.goto(`/lighting/queued-requests?status=ERROR&command=readLocation&q=${device.serialNumber}`);
  const listed = page.getByTestId('queued-request').first();
  await expect(listed).toBeVisible();
  return [panel, (await listed.textContent()) ?? ''];
}

test("a failed location read says 'No GPS signal' in the panel, on Queued requests and in the API, in English and Spanish", async ({
  browser,
  request,
}) => {
  // The second of them: other specs command the first and the last.
  const device = (await alwaysSuppliedLightPoints(request, 'vega')).at(1);
  if (!device) throw new Error('no light point');
  await actOnSimulator(request, 'lose-gps', device.serialNumber, { minutes: 60 });
  try {
    const sent = await request.post(`/lighting/api/v1/devices/${device.id}/commands`, {
      data: { command: 'readLocation' },
    });
    expect(sent.status()).toBe(202);
    const { id } = QueuedRequestSchema.parse(await sent.json());
    await expect
      .poll(
        async () =>
          QueuedRequestSchema.parse(await (await request.get(`/lighting/api/v1/queued-requests/${id}`)).json()).error,
        {
          timeout: 30_000,
        },
      )
      .toEqual({ code: 'NO_GPS_SIGNAL', message: 'No GPS signal' });

    for (const [language, expected] of [
      ['en', 'No GPS signal'],
      ['es', 'Sin señal GPS'],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const [panel, listed] = await shownErrors(page, device, language);
      expect(panel).toContain(expected);
      expect(listed).toContain(expected);
      expect(`${panel} ${listed}`).not.toContain('NOT_FOUND');
      await page.screenshot({ path: test.info().outputPath(`queued-requests-${language}.png`) });
      await context.close();
    }
  } finally {
    await actOnSimulator(request, 'regain-gps', device.serialNumber);
  }
});
