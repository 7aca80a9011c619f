import { type APIRequestContext, expect, test } from '@playwright/test';
import { type Device, DeviceSchema, MAX_FIXED_SCHEDULE_RULES, pageSchema } from '@farola/protocol';
import { seriousViolations } from './accessibility';

const DevicePageSchema = pageSchema(DeviceSchema);

/**
 * A connected Orion cabinet controller in operation that reports its outputs and configuration:
 * Orion, so that its output can go back to an astronomical schedule after the test.
 */
async function connectedOrionCabinet(request: APIRequestContext): Promise<Device> {
  let cabinet: Device | undefined;
  await expect(async () => {
    const answer = await request.get(
      '/lighting/api/v1/devices?deviceType=cabinet-controller&vendor=orion&connected=true&status=ready&limit=500',
    );
    cabinet = DevicePageSchema.parse(await answer.json()).items.find(
      (device) => device.attributes.configuration && (device.attributes.outputs?.length ?? 0) > 0,
    );
    expect(cabinet).toBeDefined();
  }).toPass({ timeout: 30_000 });
  return cabinet!;
}

// The demo user speaks Spanish; this spec reads English labels.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

test("an operator edits a cabinet output's fixed schedule and sees the rules the cabinet reports", async ({
  page,
  request,
}) => {
  const cabinet = await connectedOrionCabinet(request);
  const command = (data: object) => request.post(`/lighting/api/v1/devices/${cabinet.id}/commands`, { data });
  try {
    await page.goto(`/lighting/map/devices/${cabinet.id}?tab=scheduling`);
    const panel = page.getByTestId('device-panel');
    const output = panel.getByTestId('cabinet-output-1');
    await expect(output.getByRole('heading', { name: 'Output 1' })).toBeVisible();
    await expect(output.getByTestId('output-mode-1')).toContainText(/Astro|User|Manual|Maintenance|Not defined/);

    await output.getByRole('button', { name: 'Edit schedule of output 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule of output 1' });
    await dialog.getByRole('radio', { name: 'Fixed rules' }).check();
    expect(await seriousViolations(page)).toEqual([]);

    // The family's limit: rows stop at it and the dialog says so.
    const limit = MAX_FIXED_SCHEDULE_RULES.orion;
    await expect(dialog.getByTestId('output-schedule-limit')).toHaveText(`Up to ${limit} rules for this vendor family`);
    const add = dialog.getByTestId('output-schedule-add');
    while (await add.isEnabled()) await add.click();
    await expect(dialog.getByTestId('output-schedule-rule')).toHaveCount(limit);
    // The first rule holds from 00:00: locked, and never removed.
    await expect(dialog.getByLabel('Time of rule 1')).toHaveValue('00:00');
    await expect(dialog.getByLabel('Time of rule 1')).toHaveAttribute('readonly', '');
    await expect(dialog.getByRole('button', { name: 'Remove rule 1' })).toBeDisabled();
    for (let rule = limit; rule > 3; rule -= 1)
      await dialog.getByRole('button', { name: `Remove rule ${rule}` }).click();
    await expect(dialog.getByTestId('output-schedule-rule')).toHaveCount(3);

    await dialog.getByLabel('Level of rule 1 (%)').fill('40');
    await dialog.getByLabel('Time of rule 2').fill('06:45');
    await dialog.getByLabel('Level of rule 2 (%)').fill('0');
    await dialog.getByLabel('Time of rule 3').fill('20:15');
    await dialog.getByLabel('Level of rule 3 (%)').fill('75');
    await dialog.getByTestId('output-schedule-save').click();
    await expect(dialog).toHaveCount(0);

    // The request's progress in the panel, as for every command, then what the cabinet reports.
    const row = panel.locator('[data-testid^="request-"][data-status]').first();
    await expect(row).toContainText('Create calendar');
    await expect(row).toHaveAttribute('data-status', 'DONE', { timeout: 30_000 });
    const rules = output.getByRole('table', { name: 'Fixed rules of output 1' });
    await expect(rules.getByRole('row')).toHaveText(['TimeLevel', '00:0040%', '06:450% (off)', '20:1575%'], {
      timeout: 30_000,
    });
    await expect(output.getByTestId('output-mode-1')).toContainText('User');
    await expect(output.getByTestId('output-schedule-1')).toContainText('Fixed rules');

    // Switched by hand, the output is manual until 6 hours later, and 'Restore calendar' hands it back.
    expect((await command({ command: 'switchOff', params: { output: 1 } })).status()).toBe(202);
    await expect(output.getByTestId('output-mode-1')).toContainText(/Manual until \d{2}:\d{2}/, { timeout: 30_000 });
    await output.getByTestId('output-restore-1').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore calendar' }).click();
    await expect(output.getByTestId('output-mode-1')).toHaveText('ModeUser', { timeout: 30_000 });
  } finally {
    // Other specs find the cabinet as they left it: output 1 astronomical on the configuration's offsets.
    const time = cabinet.attributes.configuration?.time;
    await command({
      command: 'createAstroCalendar',
      params: {
        output: 1,
        sunriseOffsetMinutes: time?.sunriseOffsetMinutes ?? 0,
        sunsetOffsetMinutes: time?.sunsetOffsetMinutes ?? 0,
      },
    });
  }
});
