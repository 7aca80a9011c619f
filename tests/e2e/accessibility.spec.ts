import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { paths } from '../../apps/console/src/lib/paths';
import { connectedLightPoints } from './fleet';

// Every screen of the route table (apps/console/src/app/routes.tsx, whose paths come from
// lib/paths.ts), the unauthorized screen and an unknown path, checked with axe-core in both
// themes: no serious or critical violation of WCAG 2.1 A/AA, colour contrast included.
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The paths to visit: each pattern filled in (device routes with a real device), and an unknown path. */
function screens(deviceId: string): string[] {
  const filled = Object.values(paths).map(({ pattern }) => {
    const params: Record<string, string> = {
      id: pattern.startsWith('/projects') ? 'p-1' : deviceId,
      subProjectId: 's-1',
    };
    return pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => params[name] ?? '');
  });
  return [...filled, '/no/such/page'];
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG)
    // Fluent's focus manager (tabster) puts aria-hidden focus sentinels around toolbars, tab lists
    // and dialogs; they hand focus on at once and are never read, so axe's aria-hidden-focus
    // finding on them is not a barrier.
    .exclude('[data-tabster-dummy]')
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
}

/** Waits until the screen has loaded its code and data (no spinner left, the header's controls shown). */
async function settle(page: Page, path: string) {
  await expect(page.getByTestId('theme-toggle')).toBeVisible();
  await expect(page.getByTestId('route-loading')).toHaveCount(0);
  if (path.startsWith('/map')) await expect(page.getByTestId('device-map')).toBeVisible();
  if (path.includes('/devices/')) await expect(page.getByTestId('connection-badge')).toBeVisible();
  await expect(page.locator('main [role="progressbar"], main .fui-Spinner')).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

test('every screen passes axe in the dark and the light theme, switched with the header toggle', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const [device] = await connectedLightPoints(request, 'orion');
  if (!device) throw new Error('no light point');
  // Every screen opens in the default dark theme; the header's toggle then switches it to light.
  await page.addInitScript(() => localStorage.removeItem('theme'));
  const findings: Record<string, unknown> = {};
  for (const path of screens(device.id)) {
    await page.goto(`/lighting${path === '/' ? '/' : path}`);
    const root = page.locator('[data-theme]').first();
    for (const theme of ['dark', 'light'] as const) {
      if (theme === 'light') await page.getByTestId('theme-toggle').click();
      await expect(root).toHaveAttribute('data-theme', theme);
      await settle(page, path);
      const violations = await seriousViolations(page);
      if (violations.length > 0) findings[`${path} (${theme})`] = violations;
    }
  }
  expect(findings).toEqual({});
});
