import { DEMO_PROJECT_ID } from '@farola/protocol';
import { expect, test } from '@playwright/test';
import { connectedLightPoints } from './fleet';
import { seriousViolations } from './accessibility';

// Control programs on the Scheduling screen, against the demo server (authentication disabled: the
// demo user is admin). Each run names its programs apart, as the demo's database outlives a run.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

test('an operator builds a control program, sees its curve, saves, duplicates and deletes it', async ({ page }) => {
  const name = `Residential ${Date.now()}`;
  await page.goto('/lighting/scheduling');
  await expect(page.getByRole('tab', { name: 'Control programs', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'New control program' }).click();

  const editor = page.getByRole('dialog', { name: 'New control program' });
  await editor.getByTestId('program-name').fill(name);
  const summary = editor.getByTestId('program-curve-summary');
  await expect(summary).toHaveText('sunset: 100% · 23:00: 60% over 15 min · sunrise: 0%');
  await expect(editor.getByTestId('program-curve').locator('canvas').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

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

test("a calendar picks a program for each day; the project's default calendar is kept", async ({ page, request }) => {
  const stamp = Date.now();
  const program = await request.post('/lighting/api/v1/control-programs', {
    data: {
      projectId: DEMO_PROJECT_ID,
      name: `Weekends ${stamp}`,
      intervals: [{ start: '20:00', dimming: 100, fadingMinutes: 0 }],
    },
  });
  expect(program.status()).toBe(201);
  await page.goto('/lighting/scheduling');
  await page.getByRole('tab', { name: 'Calendars' }).click();
  await page.getByRole('button', { name: 'New calendar' }).click();

  const editor = page.getByRole('dialog', { name: 'New calendar' });
  const name = `Old town ${stamp}`;
  await editor.getByTestId('calendar-name').fill(name);
  await editor.getByTestId('calendar-save').click();
  await expect(editor.getByRole('alert')).toHaveText('Rule required');

  await editor.getByTestId('calendar-add-rule').click();
  const rule = editor.getByTestId('calendar-rule').first();
  await rule.getByLabel('Repetition').selectOption({ label: 'Weekly' });
  await rule.getByTestId('calendar-rule-program').selectOption({ label: `Weekends ${stamp}` });
  await editor.getByLabel('Astronomical calendar: light only between sunset and sunrise').check();
  expect(await seriousViolations(page)).toEqual([]);
  await editor.getByTestId('calendar-save').click();
  await expect(page.getByRole('listitem', { name: `Calendar ${name} created` })).toBeVisible();
  const row = page.locator(`[data-testid="calendar-row"][data-name="${name}"]`);
  await expect(row).toContainText('Yes');
  // Once the dialog has gone, the page is whole again: no focusable content left hidden.
  await expect(editor).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Its year ahead at a place: a heatmap of every hour, and what it says in words.
  await page.getByRole('button', { name: `Year preview of ${name}` }).click();
  const preview = page.getByRole('dialog', { name: `Year preview: ${name}` });
  await preview.getByTestId('preview-year').fill('2027');
  await preview.getByTestId('preview-latitude').fill('41.39');
  await preview.getByTestId('preview-longitude').fill('2.17');
  await preview.getByTestId('preview-timezone').fill('Europe/Madrid');
  await expect(preview.getByRole('img', { name: `Light level of ${name} at every hour of 2027` })).toBeVisible();
  // Weekly on the default Saturday and Sunday only, astronomical: lit part of each weekend, never by day.
  await expect(preview.getByTestId('year-preview-summary')).toContainText('Days lit in daylight: 0;');
  expect(await seriousViolations(page)).toEqual([]);
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toHaveCount(0);

  // Made the project's default, it cannot be deleted: the server says so in the user's language.
  await page.getByRole('button', { name: `Make ${name} the default calendar` }).click();
  await expect(row.getByTestId('default-calendar')).toBeVisible();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete calendar' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem', { name: 'Default calendar can not be deleted' })).toBeVisible();
  await expect(row).toBeVisible();

  // The program it runs now counts one calendar.
  await page.getByRole('tab', { name: 'Control programs' }).click();
  await expect(page.locator(`[data-testid="program-row"][data-name="Weekends ${stamp}"]`)).toContainText('1');
});

test('a group runs a program every day: Apply sends it to a simulated light point, which confirms', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const [device] = (await connectedLightPoints(request, 'orion')).filter((d) => d.projectId === DEMO_PROJECT_ID);
  expect(device).toBeDefined();
  const program = await request.post('/lighting/api/v1/control-programs', {
    data: {
      projectId: DEMO_PROJECT_ID,
      name: `Every night ${stamp}`,
      intervals: [{ start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 80, fadingMinutes: 0 }],
    },
  });
  expect(program.status()).toBe(201);

  await page.goto('/lighting/scheduling');
  await page.getByRole('tab', { name: 'Groups' }).click();
  await page.getByRole('button', { name: 'New group' }).click();
  const editor = page.getByRole('dialog', { name: 'New group' });
  const name = `Streets ${stamp}`;
  await editor.getByTestId('group-name').fill(name);
  await editor.getByRole('radio', { name: 'One control program every day' }).check();
  await editor.getByTestId('group-program').selectOption({ label: `Every night ${stamp}` });
  expect(await seriousViolations(page)).toEqual([]);
  await editor.getByTestId('group-save').click();
  await expect(page.getByRole('listitem', { name: `Group ${name} created` })).toBeVisible();
  const row = page.locator(`[data-testid="group-row"][data-name="${name}"]`);
  await expect(row).toContainText(`Every night ${stamp}, every day`);

  // The simulated light point joins the group (the inventory's 'change group'), then the group is applied.
  const groupId = (await (await request.get(`/lighting/api/v1/groups?projectId=${DEMO_PROJECT_ID}&q=${stamp}`)).json())
    .items[0].id as string;
  const joined = await request.post(`/lighting/api/v1/groups/${groupId}/members`, {
    data: { deviceIds: [device!.id] },
  });
  expect(joined.status()).toBe(200);
  await page.reload();
  await page.getByRole('tab', { name: 'Groups' }).click();
  await expect(row).toContainText('1');
  await page.getByRole('button', { name: `Send the schedule of ${name} to its light points` }).click();
  // Apply asks once more, with the year's energy of what the group runs.
  await page
    .getByRole('alertdialog', { name: `Send the schedule of ${name}` })
    .getByRole('button', { name: 'Apply' })
    .click();
  await expect(page.getByRole('listitem', { name: `Schedule of ${name} sent to its light points (1)` })).toBeVisible();
  await expect(row.getByTestId('schedule-job')).toHaveText('1 of 1 confirmed, 0 failed, 0 waiting');
  await expect(row.getByTestId('schedule-job')).toHaveAttribute('data-status', 'done');
  expect(await seriousViolations(page)).toEqual([]);

  // The device's panel names its group and says it runs the group's schedule.
  await page.goto(`/lighting/map/devices/${device!.id}?tab=scheduling`);
  await expect(page.getByTestId('scheduling-sync')).toHaveText("This light point runs its group's schedule");
  await expect(page.getByText(name, { exact: true })).toBeVisible();

  // The program changes: the Groups list, on a later visit too, offers to apply the group again.
  const programId = ((await program.json()) as { id: string }).id;
  const edited = await request.put(`/lighting/api/v1/control-programs/${programId}`, {
    data: {
      name: `Every night ${stamp}`,
      intervals: [{ start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 60, fadingMinutes: 0 }],
    },
  });
  expect(edited.status()).toBe(200);
  await page.goto('/lighting/scheduling');
  await page.getByRole('tab', { name: 'Groups' }).click();
  await expect(row.getByTestId('schedule-job')).toHaveText('1 of 1 confirmed, 0 failed, 0 waiting');
  await expect(row.getByTestId('group-changed')).toHaveText('Changed since sent: apply again');
  await page.goto(`/lighting/map/devices/${device!.id}?tab=scheduling`);
  await expect(page.getByTestId('scheduling-sync')).toHaveText(
    "This light point does not run its group's current schedule: apply the group on Scheduling",
  );

  // 'Save and apply' of the program sends it to the group again; the light point confirms.
  await page.goto('/lighting/scheduling');
  await page.getByRole('button', { name: `Every night ${stamp}`, exact: true }).click();
  const programEditor = page.getByRole('dialog', { name: 'Edit control program' });
  await programEditor.getByTestId('program-interval-dimming').first().fill('70');
  await programEditor.getByRole('button', { name: 'Save and apply' }).click();
  await expect(
    page.getByRole('listitem', { name: `Every night ${stamp} sent to the light points of the groups that run it (1)` }),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Groups' }).click();
  await expect(row.getByTestId('group-changed')).toHaveCount(0);
  await page.goto(`/lighting/map/devices/${device!.id}?tab=scheduling`);
  await expect(page.getByTestId('scheduling-sync')).toHaveText("This light point runs its group's schedule", {
    timeout: 30_000,
  });

  // The light point goes back to its built-in night curve and its project's default group, as the other specs expect it.
  const cleared = await request.post(`/lighting/api/v1/devices/${device!.id}/commands`, {
    data: { command: 'clearSchedule' },
  });
  expect(cleared.status()).toBe(202);
  const groups = await (await request.get(`/lighting/api/v1/groups?projectId=${DEMO_PROJECT_ID}&q=Default`)).json();
  await request.post(`/lighting/api/v1/groups/${groups.items[0].id}/members`, { data: { deviceIds: [device!.id] } });
});

test('an inventory selection changes group in one step', async ({ page, request }) => {
  const stamp = Date.now();
  const [device] = (await connectedLightPoints(request, 'orion')).filter((d) => d.projectId === DEMO_PROJECT_ID);
  expect(device).toBeDefined();
  const group = await request.post('/lighting/api/v1/groups', {
    data: { projectId: DEMO_PROJECT_ID, name: `Avenue ${stamp}` },
  });
  expect(group.status()).toBe(201);
  const groupId = (await group.json()).id as string;

  await page.goto(`/lighting/inventory/light-points?q=${device!.serialNumber}`);
  await page.getByTestId('device-row').first().getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Change group' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Change the group of the selected devices (1)' });
  await dialog.getByTestId('change-group-select').selectOption({ label: `Avenue ${stamp} — Demo city` });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Change group' }).click();
  await expect(page.getByRole('listitem', { name: `Devices moved to Avenue ${stamp}: 1` })).toBeVisible();
  expect((await (await request.get(`/lighting/api/v1/devices/${device!.id}/group`)).json()).id).toBe(groupId);

  // Back to its project's default group, as the other specs expect it.
  const groups = await (await request.get(`/lighting/api/v1/groups?projectId=${DEMO_PROJECT_ID}&q=Default`)).json();
  await request.post(`/lighting/api/v1/groups/${groups.items[0].id}/members`, { data: { deviceIds: [device!.id] } });
});
