import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { connectedLightPoints } from './fleet';
import { screens, settle } from './screens';

// Every screen of the route table (apps/console/src/app/routes.tsx, whose paths come from
// lib/paths.ts), the unauthorized screen and an unknown path, checked with axe-core in both
// themes: no serious or critical violation of WCAG 2.1 A/AA, colour contrast included.
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

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
