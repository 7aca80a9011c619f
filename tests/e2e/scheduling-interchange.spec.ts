import { readFile, writeFile } from 'node:fs/promises';
import { DEMO_NORTH_PROJECT_ID, DEMO_PROJECT_ID } from '@farola/protocol';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './accessibility';

// TALQ JSON interchange on the Scheduling screen, against the demo server (authentication
// disabled: the demo user is admin). Each run names its programs and calendars apart, as the demo's
// database outlives a run.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

test('a calendar exported as TALQ JSON is imported into another project and listed there', async ({
  page,
  request,
}, testInfo) => {
  const stamp = Date.now();
  const [programName, calendarName] = [`Harbour nights ${stamp}`, `Harbour ${stamp}`];
  const program = await request.post('/lighting/api/v1/control-programs', {
    data: {
      projectId: DEMO_PROJECT_ID,
      name: programName,
      intervals: [
        { start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 100, fadingMinutes: 0 },
        { start: '23:30', dimming: 50, fadingMinutes: 10 },
        { start: { sun: 'sunrise', offsetMinutes: 0 }, dimming: 0, fadingMinutes: 0 },
      ],
    },
  });
  expect(program.status()).toBe(201);
  const calendar = await request.post('/lighting/api/v1/calendars', {
    data: {
      projectId: DEMO_PROJECT_ID,
      name: calendarName,
      astronomical: true,
      rules: [
        { repetition: 'weekly', weekdays: ['saturday'], startDate: '2026-01-01', programId: (await program.json()).id },
      ],
    },
  });
  expect(calendar.status()).toBe(201);
  const north = (await (await request.get(`/lighting/api/v1/projects/${DEMO_NORTH_PROJECT_ID}`)).json()) as {
    name: string;
  };

  // Exported from its row of the Calendars list: a .json download holding it and its program.
  await page.goto('/lighting/scheduling');
  await page.getByRole('tab', { name: 'Calendars' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Export ${calendarName} (TALQ JSON)` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${calendarName}.talq.json`);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const document = JSON.parse(await readFile(file, 'utf8'));
  expect(document.controlPrograms.map((p: { name: string }) => p.name)).toEqual([programName]);
  expect(document.calendars[0].rules[0].condition).toEqual({ type: 'ccDay', days: [{ start: 6 }] });

  // Imported into the north districts.
  await page.locator('#scheduling-project').selectOption({ label: north.name });
  await page.getByRole('button', { name: 'Import (TALQ JSON)' }).click();
  const dialog = page.getByRole('dialog', { name: `Import control programs and calendars into ${north.name}` });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expect(dialog.getByTestId('talq-file-name')).toHaveText('No file chosen');
  await dialog.getByTestId('talq-file').setInputFiles(file);
  await expect(dialog.getByTestId('talq-file-name')).toHaveText(download.suggestedFilename());
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const imported = dialog.getByTestId('talq-imported');
  await expect(imported).toContainText('Import completed');
  await expect(imported).toContainText(`1 control program: ${programName}`);
  await expect(imported).toContainText(`1 calendar: ${calendarName}`);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();

  const row = page.locator(`[data-testid="calendar-row"][data-name="${calendarName}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Yes');
  await page.getByRole('tab', { name: 'Control programs' }).click();
  await expect(page.locator(`[data-testid="program-row"][data-name="${programName}"]`)).toContainText('1');

  // The same file again: its names are taken now, and nothing more is created.
  await page.getByRole('button', { name: 'Import (TALQ JSON)' }).click();
  await dialog.getByTestId('talq-file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByTestId('talq-failure')).toContainText('Nothing was imported.');
  await expect(dialog.getByTestId('talq-failure')).toContainText(`Control program ${programName} already exists`);

  // A calendar whose days run from midnight: refused at its field, in words.
  const midnight = testInfo.outputPath('midnight.json');
  await writeFile(midnight, JSON.stringify({ ...document, dayOffset: 0 }));
  await dialog.getByTestId('talq-file').setInputFiles(midnight);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByTestId('talq-issue')).toHaveText(
    "dayOffset: Calendar days must run from noon to noon (dayOffset 12), as Farola's do",
  );
  expect(await seriousViolations(page)).toEqual([]);
});
