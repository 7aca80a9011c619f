import { expect, test } from '@playwright/test';
import { connectedLightPoints } from './fleet';

// The realtime contract (docs/realtime.md) on a server that follows it: a server without
// `GET /fleet/columns` predates streams and reloads everything on a reconnect, so the test is skipped there.
test('an ordinary reconnect resumes the streams without reloading the fleet', async ({ page, request }) => {
  test.skip(
    (await request.get('/lighting/api/v1/fleet/columns')).status() === 404,
    'the server has no realtime streams',
  );
  await connectedLightPoints(request, 'orion');
  const fleetReads: string[] = [];
  const sockets: string[] = [];
  // Whole-fleet reads only: devices registered since the load are fetched with /fleet?deviceId=….
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.endsWith('/api/v1/fleet/columns')) fleetReads.push(sent.url());
  });
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
  await page.goto('/lighting/map');
  // Every located device of the fleet, however many earlier tests registered.
  const fleet = (await (await request.get('/lighting/api/v1/fleet')).json()) as {
    items: { latitude: number | null }[];
  };
  const located = fleet.items.filter((device) => device.latitude !== null).length;
  await expect(page.getByTestId('fleet-layer')).toHaveAttribute('data-devices', String(located));
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'connected');

  await page.context().setOffline(true);
  await expect(page.getByTestId('live-status')).not.toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
  // Long enough offline for Socket.IO's back-off to space its attempts seconds apart: back online,
  // the console tries at once instead of waiting for the next one.
  await page.waitForTimeout(10_000);
  await page.context().setOffline(false);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'connected', { timeout: 3_000 });
  // Give a reload the time it would take to be asked for.
  await page.waitForTimeout(3000);
  expect(sockets.length).toBeGreaterThan(1);
  expect(fleetReads).toHaveLength(1);
});
