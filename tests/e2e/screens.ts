import { expect, type Page } from '@playwright/test';
import { paths } from '../../apps/console/src/lib/paths';

/**
 * Every screen of the route table (apps/console/src/app/routes.tsx, whose paths come from
 * lib/paths.ts), each pattern filled in (device routes with a real device), and an unknown path.
 */
export function screens(deviceId: string): string[] {
  const filled = Object.values(paths).map(({ pattern }) => {
    const params: Record<string, string> = {
      id: pattern.startsWith('/projects') ? 'p-1' : deviceId,
      subProjectId: 's-1',
    };
    return pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => params[name] ?? '');
  });
  return [...filled, '/no/such/page'];
}

/** The screens whose content is a list of what the server holds (the inventory redirects to one). */
const LISTS: readonly string[] = [
  paths.inventory,
  paths.lightPoints,
  paths.cabinetControllers,
  paths.queuedRequests,
  paths.scheduling,
].map(({ pattern }) => pattern);

/**
 * Waits until the screen has loaded its code and data: the header's controls shown, a list's rows
 * or the empty state that says it has none, no loading spinner or indeterminate progress bar left.
 * A queued request's progress bar (it has a value) is content, not loading: other specs may have
 * sent the device commands.
 */
export async function settle(page: Page, path: string) {
  await expect(page.getByTestId('theme-toggle')).toBeVisible();
  await expect(page.getByTestId('route-loading')).toHaveCount(0);
  if (path.startsWith('/map')) await expect(page.getByTestId('device-map')).toBeVisible();
  if (path.includes('/devices/')) await expect(page.getByTestId('connection-badge')).toBeVisible();
  if (LISTS.includes(path.split('?')[0] ?? path)) {
    await expect(
      page.locator('main .fui-DataGridBody [role="row"], main [data-testid="empty-state"]').first(),
    ).toBeVisible();
  }
  await expect(page.locator('main [role="progressbar"]:not([aria-valuenow]), main .fui-Spinner')).toHaveCount(0);
}
