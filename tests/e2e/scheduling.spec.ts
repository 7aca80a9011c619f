import { DEMO_PROJECT_ID } from '@farola/protocol';
import { expect, test } from '@playwright/test';

// Control programs on the Scheduling screen, against the demo server (authentication disabled: the
// demo user is admin). Each run names its programs apart, as the demo's database outlives a run.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

test('an operator builds a control program, sees its curve, saves, duplicates and deletes it', async ({ page }) => {
  const name = `Residential ${Date.now()}`;
  await page.goto('/lighting/scheduling');
  await expect(page.getByRole('heading', { level: 2, name: 'Control programs' })).toBeVisible();
  await page.getByRole('button', { name: 'New control program' }).click();

  const editor = page.getByRole('dialog', { name: 'New control program' });
  await editor.getByTestId('program-name').fill(name);
  const summary = editor.getByTestId('program-curve-summary');
  await expect(summary).toHaveText('sunset: 100% · 23:00: 60% over 15 min · sunrise: 0%');
  await expect(editor.getByTestId('program-curve').locator('canvas').first()).toBeVisible();

  // A fourth interval three minutes after 23:00: the minimum fading time refuses it at the field.
  await editor.getByTestId('program-add-interval').click();
  const added = editor.getByTestId('program-interval').nth(3);
  await added.getByLabel('Time', { exact: true }).fill('23:03');
  await expect(summary).toContainText('23:03: 50%');
  await editor.getByTestId('program-save').click();
  await expect(editor.getByText('The interval between 23:00 and 23:03 is less than 5 minutes')).toBeVisible();

  await added.getByLabel('Time', { exact: true }).fill('01:30');
  await added.getByTestId('program-interval-dimming').fill('30');
  await expect(summary).toHaveText('sunset: 100% · 23:00: 60% over 15 min · 01:30: 30% · sunrise: 0%');
  await editor.getByTestId('program-save').click();
  await expect(page.getByRole('listitem', { name: `Control program ${name} created` })).toBeVisible();
  const row = page.locator(`[data-testid="program-row"][data-name="${name}"]`);
  await expect(row).toContainText('4');

  await page.getByRole('button', { name: `Duplicate ${name}` }).click();
  const copy = page.locator(`[data-testid="program-row"][data-name="${name} (copy)"]`);
  await expect(copy).toBeVisible();

  await page.getByRole('button', { name: `Delete ${name} (copy)` }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete control program' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('listitem', { name: `Control program ${name} (copy) deleted` })).toBeVisible();
  await expect(copy).toHaveCount(0);
  await expect(row).toBeVisible();
});

test('a control program a calendar uses is not deleted, and the screen says why', async ({ page, request }) => {
  const name = `Avenue ${Date.now()}`;
  const program = await request.post('/lighting/api/v1/control-programs', {
    data: { projectId: DEMO_PROJECT_ID, name, intervals: [{ start: '20:00', dimming: 100, fadingMinutes: 0 }] },
  });
  expect(program.status()).toBe(201);
  const calendar = await request.post('/lighting/api/v1/calendars', {
    data: {
      projectId: DEMO_PROJECT_ID,
      name: `Calendar of ${name}`,
      astronomical: false,
      rules: [{ repetition: 'daily', startDate: '2026-01-01', programId: (await program.json()).id }],
    },
  });
  expect(calendar.status()).toBe(201);

  await page.goto('/lighting/scheduling');
  const row = page.locator(`[data-testid="program-row"][data-name="${name}"]`);
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete control program' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(
    page.getByRole('listitem', { name: 'Control program cannot be deleted. It is been used in a calendar' }),
  ).toBeVisible();
  await expect(row).toBeVisible();
});
