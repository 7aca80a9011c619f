import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PROJECT_ID } from '@farola/protocol';
import { seriousViolations } from './accessibility';
import { connectedLightPoints } from './fleet';
import { simulatorControl } from './simulator';

// The `devices` project: a group's schedule reaches a simulated light point, which then lights and
// dims by it as the simulator's clock is moved through a night. The clock is the whole fleet's, so
// this spec runs on the stack of the specs that change devices, and puts the clock back.

/** Full from sunset, 30 % from 23:00, off at sunrise. */
const NIGHT = [
  { start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 100, fadingMinutes: 0 },
  { start: '23:00', dimming: 30, fadingMinutes: 0 },
  { start: { sun: 'sunrise', offsetMinutes: 0 }, dimming: 0, fadingMinutes: 0 },
];

async function simulatedNow(request: APIRequestContext): Promise<number> {
  const answer = await request.get(`${simulatorControl()}/clock`);
  return Date.parse(((await answer.json()) as { now: string }).now);
}

async function setClock(request: APIRequestContext, time: string): Promise<void> {
  expect((await request.put(`${simulatorControl()}/clock`, { data: { time } })).ok()).toBe(true);
}

async function created(request: APIRequestContext, path: string, data: object): Promise<string> {
  const answer = await request.post(`/lighting/api/v1/${path}`, { data });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

/** The device's panel on the map, its dimming tab, in `theme`. */
async function openDimming(page: Page, deviceId: string, theme: 'dark' | 'light') {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.goto(`/lighting/map/devices/${deviceId}?tab=dimmingSpecs`);
  return page.getByTestId('device-panel');
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

test("a light point lights and dims by its group's schedule through a simulated night, in both themes", async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const [device] = (await connectedLightPoints(request, 'orion')).filter((d) => d.projectId === DEMO_PROJECT_ID);
  expect(device).toBeDefined();
  const before = await simulatedNow(request);
  const started = Date.now();
  const programId = await created(request, 'control-programs', {
    projectId: DEMO_PROJECT_ID,
    name: `Follow ${stamp}`,
    intervals: NIGHT,
  });
  // The group manages the operate mode too: 005 lights by the curve whatever its cabinet does.
  const groupId = await created(request, 'groups', {
    projectId: DEMO_PROJECT_ID,
    name: `Follow ${stamp}`,
    programId,
    operateMode: '005',
  });
  try {
    const joined = await request.post(`/lighting/api/v1/groups/${groupId}/members`, {
      data: { deviceIds: [device!.id] },
    });
    expect(joined.status()).toBe(200);
    const applied = await request.post(`/lighting/api/v1/groups/${groupId}/apply`);
    expect(applied.status()).toBe(202);
    const jobId = ((await applied.json()) as { id: string }).id;
    await expect
      .poll(async () => (await (await request.get(`/lighting/api/v1/schedule-jobs/${jobId}`)).json()).status, {
        timeout: 30_000,
      })
      .toBe('done');

    // An hour after sunset: full, in the operate mode the group set.
    await setClock(request, 'sunset+1h');
    await page.goto('/lighting/map');
    let panel = await openDimming(page, device!.id, 'dark');
    await expect(panel.getByTestId('dimming-operateMode')).toContainText('005');
    await expect(panel.getByTestId('dimming-dimming')).toContainText('100 %', { timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);

    // Two hours before sunrise: past 23:00, dimmed to 30 %.
    await setClock(request, 'sunrise-2h');
    panel = await openDimming(page, device!.id, 'light');
    await expect(panel.getByTestId('dimming-dimming')).toContainText(/(?<!\d)30 %/, { timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);

    // By day: off, as the program's sunrise interval says.
    await setClock(request, 'sunrise+3h');
    await expect(panel.getByTestId('dimming-dimming')).toContainText(/(?<!\d)0 %/, { timeout: 30_000 });

    // The Scheduling tab says it runs its group's schedule, and the mode its group manages.
    await page.goto(`/lighting/map/devices/${device!.id}?tab=scheduling`);
    await expect(page.getByTestId('scheduling-sync')).toHaveText("This light point runs its group's schedule");
    await expect(page.getByTestId('device-panel')).toContainText('Operate mode set by the group');
  } finally {
    // Other specs find the fleet as they left it: the clock, the night curve, the mode and the default group.
    await setClock(request, new Date(before + (Date.now() - started)).toISOString());
    await request.post(`/lighting/api/v1/devices/${device!.id}/commands`, { data: { command: 'clearSchedule' } });
    const mode = device!.attributes.operateMode;
    if (mode) {
      await request.post(`/lighting/api/v1/devices/${device!.id}/commands`, {
        data: { command: 'setOperateMode', params: { operateMode: mode } },
      });
    }
    const groups = await (await request.get(`/lighting/api/v1/groups?projectId=${DEMO_PROJECT_ID}&q=Default`)).json();
    await request.post(`/lighting/api/v1/groups/${groups.items[0].id}/members`, { data: { deviceIds: [device!.id] } });
  }
});
