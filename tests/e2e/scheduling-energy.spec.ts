import { DEMO_PROJECT_ID, type Device } from '@farola/protocol';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { connectedLightPoints } from './fleet';
import { seriousViolations } from './accessibility';

// The what-if energy before a group is applied, and one light point's year preview, against the demo
// server (authentication disabled: the demo user is admin) and its simulated light points.

/** 50 % from 22:00 to 06:00 every night: 8 hours lit a day, 4 at full level, whatever the place. */
const HALF_NIGHT = [
  { start: '22:00', dimming: 50, fadingMinutes: 0 },
  { start: '06:00', dimming: 0, fadingMinutes: 0 },
];

const en = (value: number, digits: number) =>
  new Intl.NumberFormat('en', { maximumFractionDigits: digits }).format(value);
/** kWh as the console writes them: a decimal under 100. */
const kwh = (value: number) => en(value, Math.abs(value) < 100 ? 1 : 0);
const daysIn = (year: number) => (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000;

/** A simulated light point of the demo project that has reported its place, time zone and rated power. */
async function placedLightPoint(request: APIRequestContext, index: number): Promise<Device & { power: number }> {
  let device: Device | undefined;
  await expect(async () => {
    const placed = (await connectedLightPoints(request, 'orion')).filter(
      (d) =>
        d.projectId === DEMO_PROJECT_ID &&
        d.latitude !== null &&
        d.attributes.timezone !== undefined &&
        d.attributes.maxPower !== undefined,
    );
    device = placed[index];
    expect(device).toBeDefined();
  }).toPass({ timeout: 30_000 });
  return { ...device!, power: device!.attributes.maxPower! };
}

/** A group of the demo project running HALF_NIGHT every day, with the device in it; its name. */
async function groupWith(request: APIRequestContext, device: Device, name: string): Promise<string> {
  const program = await request.post('/lighting/api/v1/control-programs', {
    data: { projectId: DEMO_PROJECT_ID, name, intervals: HALF_NIGHT },
  });
  expect(program.status()).toBe(201);
  const group = await request.post('/lighting/api/v1/groups', {
    data: { projectId: DEMO_PROJECT_ID, name, programId: (await program.json()).id },
  });
  expect(group.status()).toBe(201);
  const joined = await request.post(`/lighting/api/v1/groups/${(await group.json()).id}/members`, {
    data: { deviceIds: [device.id] },
  });
  expect(joined.status()).toBe(200);
  return name;
}

/** The device back in its project's default group, as the other specs expect it. */
async function backToDefault(request: APIRequestContext, device: Device) {
  const groups = await (await request.get(`/lighting/api/v1/groups?projectId=${DEMO_PROJECT_ID}&q=Default`)).json();
  await request.post(`/lighting/api/v1/groups/${groups.items[0].id}/members`, { data: { deviceIds: [device.id] } });
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

test("Apply first shows the group's yearly energy, cost and savings against fully on; so does its preview", async ({
  page,
  request,
}) => {
  const device = await placedLightPoint(request, 0);
  const name = await groupWith(request, device, `Half nights ${Date.now()}`);
  const year = new Date().getFullYear() + 1;
  // Rated power × 4 full-level hours a night × the days of the year.
  const energy = (days: number) => (device.power * 4 * days) / 1000;

  await page.goto('/lighting/scheduling');
  await page.getByRole('tab', { name: 'Groups' }).click();
  await page.getByRole('button', { name: `Send the schedule of ${name} to its light points` }).click();
  const confirmation = page.getByRole('alertdialog', { name: `Send the schedule of ${name}` });
  const figures = confirmation.getByTestId('energy-estimate');
  await expect(figures.getByRole('heading', { name: `Energy in ${year}` })).toBeVisible();
  await expect(figures.getByTestId('energy-kwh')).toContainText(`${kwh(energy(daysIn(year)))} kWh a year`);
  await expect(figures.getByTestId('energy-cost')).toContainText(en(energy(daysIn(year)) * 0.2, 2));
  // Off from 06:00 to 22:00 and at half level the rest: more than half of dusk-to-dawn at 100 % is saved.
  await expect(figures.getByTestId('energy-savings')).toContainText(/[56]\d(\.\d)? % · /);
  await expect(figures.getByTestId('energy-burn-hours')).toContainText(`${en(8 * daysIn(year), 0)} h`);
  await expect(figures.getByTestId('energy-power')).toHaveText(
    `Rated power ${en(device.power, 0)} W, over 1 light point.`,
  );
  // The checks before anything is sent: dark from sunset until 22:00 every day, never lit by day.
  const checks = figures.getByTestId('schedule-checks');
  await expect(checks.getByRole('heading', { name: 'Checks before applying' })).toBeVisible();
  await expect(checks.getByRole('listitem')).toHaveText([`Days with lights off after dark: ${daysIn(year)}.`]);
  expect(await seriousViolations(page)).toEqual([]);

  // Another price per kWh: the cost follows, in no currency.
  await figures.getByTestId('energy-price').fill('0.5');
  await expect(figures.getByTestId('energy-cost')).toContainText(en(energy(daysIn(year)) * 0.5, 2));
  await confirmation.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('listitem', { name: `Schedule of ${name} sent to its light points (1)` })).toBeVisible();

  // The group's year preview at a place typed shows the same figures for that year.
  await page.getByRole('button', { name: `Year preview of ${name}` }).click();
  const preview = page.getByRole('dialog', { name: `Year preview: ${name}` });
  await preview.getByTestId('preview-year').fill('2027');
  await preview.getByTestId('preview-latitude').fill('41.39');
  await preview.getByTestId('preview-longitude').fill('2.17');
  await preview.getByTestId('preview-timezone').fill('Europe/Madrid');
  await expect(preview.getByRole('img', { name: `Light level of ${name} at every hour of 2027` })).toBeVisible();
  const yearFigures = preview.getByTestId('energy-estimate');
  await expect(yearFigures.getByRole('heading', { name: 'Energy in 2027' })).toBeVisible();
  await expect(yearFigures.getByTestId('energy-kwh')).toContainText(`${kwh(energy(365))} kWh a year`);
  await expect(yearFigures.getByTestId('energy-burn-hours')).toContainText('2,920 h');
  await preview.getByRole('button', { name: 'Close' }).click();

  const cleared = await request.post(`/lighting/api/v1/devices/${device.id}/commands`, {
    data: { command: 'clearSchedule' },
  });
  expect(cleared.status()).toBe(202);
  await backToDefault(request, device);
});

test("a light point's panel opens the year preview of what its group runs, at the light point's own place", async ({
  page,
  request,
}) => {
  const device = await placedLightPoint(request, 1);
  await groupWith(request, device, `Panel nights ${Date.now()}`);

  await page.goto(`/lighting/map/devices/${device.id}?tab=scheduling`);
  await page.getByTestId('device-panel').getByRole('button', { name: 'Year preview' }).click();
  const preview = page.getByRole('dialog', { name: `Year preview: ${device.name}` });
  await expect(preview.getByTestId('preview-device-place')).toContainText(`time zone ${device.attributes.timezone!}`);
  // The place is the light point's: only the year is asked.
  await expect(preview.getByTestId('preview-latitude')).toHaveCount(0);
  await preview.getByTestId('preview-year').fill('2027');
  await expect(preview.getByRole('img', { name: `Light level of ${device.name} at every hour of 2027` })).toBeVisible();
  await expect(preview.getByTestId('year-preview-summary')).toContainText(
    '2,920 hours lit in the year at a mean level of 50 %',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toHaveCount(0);

  await backToDefault(request, device);
});
