import { DEMO_PROJECT_ID } from '@farola/protocol';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { connectedLightPoints } from './fleet';
import { seriousViolations } from './accessibility';

// Group membership from the inventory lists (the Group filter and the bulk 'Change group') and from
// a device's panel, against the demo server (authentication disabled: the demo user is admin). Each
// run names its groups apart, and puts the devices it moved back in their project's default group,
// as the other specs expect them.

async function defaultGroupId(request: APIRequestContext): Promise<string> {
  const groups = await (await request.get(`/lighting/api/v1/groups?projectId=${DEMO_PROJECT_ID}&q=Default`)).json();
  return groups.items[0].id as string;
}

async function backToDefaultGroup(request: APIRequestContext, deviceIds: readonly string[]): Promise<void> {
  const answer = await request.post(`/lighting/api/v1/groups/${await defaultGroupId(request)}/members`, {
    data: { deviceIds },
  });
  expect(answer.status()).toBe(200);
}

async function newGroup(request: APIRequestContext, data: object): Promise<string> {
  const group = await request.post('/lighting/api/v1/groups', { data: { projectId: DEMO_PROJECT_ID, ...data } });
  expect(group.status()).toBe(201);
  return (await group.json()).id as string;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

test('a list filtered by group follows a bulk change of group of two of its rows', async ({ page, request }) => {
  await connectedLightPoints(request, 'orion');
  const name = `Boulevard ${Date.now()}`;
  const groupId = await newGroup(request, { name });
  const defaultId = await defaultGroupId(request);

  await page.goto(`/lighting/inventory/light-points?projectId=${DEMO_PROJECT_ID}&limit=25`);
  const groupFilter = page.getByRole('combobox', { name: 'Group', exact: true });
  await groupFilter.selectOption({ label: 'Default group' });
  await expect(page).toHaveURL(new RegExp(`groupId=${defaultId}`));
  const status = page.getByRole('status').filter({ hasText: /\d+ devices?/ });
  const total = async () => Number(/(\d+) devices?/.exec((await status.textContent()) ?? '')?.[1]);
  await expect(status).toBeVisible();
  const before = await total();
  expect(before).toBeGreaterThan(2);
  const rows = page.getByTestId('device-row');
  await expect(rows.first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const names: string[] = [];
  const ids: string[] = [];
  for (const row of [rows.nth(0), rows.nth(1)]) {
    const link = row.locator('[data-column="name"] a');
    names.push((await link.textContent()) ?? '');
    ids.push(/\/devices\/([0-9a-f-]{36})$/.exec((await link.getAttribute('href')) ?? '')?.[1] ?? '');
    await row.getByRole('checkbox').check();
  }
  try {
    await page.getByRole('button', { name: 'Change group' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Change the group of the selected devices (2)' });
    await dialog.getByTestId('change-group-select').selectOption(groupId);
    await dialog.getByRole('button', { name: 'Change group' }).click();
    await expect(page.getByRole('listitem', { name: `Devices moved to ${name}: 2` })).toBeVisible();

    // The default group's list no longer holds them, and the new group's holds just them.
    await expect(status).toHaveText(new RegExp(`^${before - 2} devices`));
    for (const deviceName of names) await expect(rows.filter({ hasText: deviceName })).toHaveCount(0);
    await groupFilter.selectOption({ label: name });
    await expect(page).toHaveURL(new RegExp(`groupId=${groupId}`));
    await expect(rows).toHaveCount(2);
    expect((await rows.locator('[data-column="name"]').allTextContents()).sort()).toEqual([...names].sort());
    // Judged once the outcome toast has gone: axe would catch it fading out, its colours half blended.
    await expect(page.getByRole('listitem', { name: `Devices moved to ${name}: 2` })).toHaveCount(0, {
      timeout: 15_000,
    });
    expect(await seriousViolations(page)).toEqual([]);

    // Kept in the URL: the filtered list comes back as it was.
    await page.reload();
    await expect(groupFilter).toHaveValue(groupId);
    await expect(rows).toHaveCount(2);
  } finally {
    await backToDefaultGroup(request, ids);
  }
});

test("a device's panel moves it to another group, and shows the group and its schedule state", async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const [device] = (await connectedLightPoints(request, 'orion')).filter((d) => d.projectId === DEMO_PROJECT_ID);
  expect(device).toBeDefined();
  const program = await request.post('/lighting/api/v1/control-programs', {
    data: {
      projectId: DEMO_PROJECT_ID,
      name: `Late nights ${stamp}`,
      intervals: [{ start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 60, fadingMinutes: 0 }],
    },
  });
  expect(program.status()).toBe(201);
  const name = `Riverside ${stamp}`;
  const groupId = await newGroup(request, { name, programId: (await program.json()).id });

  try {
    await page.goto(`/lighting/map/devices/${device!.id}?tab=scheduling`);
    const panel = page.getByTestId('device-panel');
    await expect(panel.getByText('Default group', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Change group' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Change the group of ${device!.name}` });
    await dialog.getByTestId('change-group-select').selectOption(groupId);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Change group' }).click();
    await expect(page.getByRole('listitem', { name: `${device!.name} moved to ${name}` })).toBeVisible();

    // The tab names the new group at once, and says the light point does not run its program yet.
    await expect(panel.getByText(name, { exact: true })).toBeVisible();
    await expect(panel.getByTestId('scheduling-sync')).toHaveText(
      "This light point does not run its group's current schedule: apply the group on Scheduling",
    );
    expect((await (await request.get(`/lighting/api/v1/devices/${device!.id}/group`)).json()).id).toBe(groupId);
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await backToDefaultGroup(request, [device!.id]);
  }
});
