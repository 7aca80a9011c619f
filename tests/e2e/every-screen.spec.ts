import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { connectedLightPoints } from './fleet';
import { screens, settle } from './screens';
import { reportedViolations, watchContentSecurityPolicy } from './content-security-policy';

// Every screen of the route table (apps/console/src/app/routes.tsx, whose paths come from
// lib/paths.ts), the unauthorized screen and an unknown path, opened once and looked at in both
// themes, switched with the header's toggle:
// - axe-core finds no serious or critical violation of WCAG 2.1 A/AA, colour contrast included;
// - the server's Content-Security-Policy (apps/realtime-server/src/http/security-headers.ts) lets
//   it work: no `securitypolicyviolation`, no CSP error logged. Both themes matter: switching
//   inserts Fluent's styles at run time.
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * The WCAG rules whose outcome depends on colours. A theme changes Fluent's colour tokens only, so
 * the light theme is checked with these, the dark one (the default) with every rule: axe's other
 * rules would find on the same page what they found in the dark (and took seconds per screen).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Whether an element axe reports is one of the focus sentinels Fluent's focus manager (tabster)
 * places by design: focusable and aria-hidden, they hand focus on the moment they get it. Fluent
 * puts them around a toolbar, a tab list and a data grid (and around a grid cell that holds a
 * control), so that Tab leaves the arrow-key navigation and returns to the item last used, and at
 * the page's edges once a popover has started its modal focus handling. Anywhere else they mark a
 * mistake of ours, which this check reports: a tab list that controls no tab panel (links dressed
 * as tabs), a closed dialog left mounted.
 */
function isFluentFocusSentinel(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((target) => {
    const element = document.querySelector(target);
    const container = element?.parentElement;
    if (!element?.hasAttribute('data-tabster-dummy') || !container) return false;
    if (container === document.body || container.closest('[role="toolbar"], [role="grid"]')) return true;
    const tabList = container.closest('[role="tablist"]');
    const tabIds = [...(tabList?.querySelectorAll('[role="tab"][id]') ?? [])].map((tab) => tab.id);
    return tabIds.some((id) => document.querySelector(`[role="tabpanel"][aria-labelledby="${CSS.escape(id)}"]`));
  }, selector);
}

async function seriousViolations(page: Page, scope: 'every rule' | 'colours') {
  const axe = new AxeBuilder({ page });
  const { violations } = await (scope === 'colours' ? axe.withRules(COLOUR_RULES) : axe.withTags(WCAG)).analyze();
  const findings = [];
  for (const violation of violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const nodes = [];
    for (const node of violation.nodes) {
      const selector = node.target.join(' ');
      if (violation.id === 'aria-hidden-focus' && (await isFluentFocusSentinel(page, selector))) continue;
      nodes.push(`${selector}: ${node.failureSummary ?? ''}`);
    }
    if (nodes.length > 0)
      findings.push({ rule: violation.id, impact: violation.impact, help: violation.help, nodes: nodes.slice(0, 5) });
  }
  return findings;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

// One test per screen: each has its own time (a screen's data, then axe twice), where one test for
// every screen came to the end of its five minutes on a busy machine.
const DEVICE = '00000000-0000-4000-8000-00000000d0e5';
for (const screen of screens(DEVICE)) {
  test(`${screen.replace(DEVICE, ':id')} passes axe and the Content-Security-Policy in the dark and the light theme`, async ({
    page,
    request,
  }) => {
    // axe takes seconds of CPU on a long list (10 s on /inventory alone), more beside the unit tests.
    test.slow();
    let path = screen;
    if (screen.includes(DEVICE)) {
      const [device] = await connectedLightPoints(request, 'orion');
      if (!device) throw new Error('no light point');
      path = screen.replace(DEVICE, device.id);
    }
    const cspErrors = await watchContentSecurityPolicy(page);
    // The screen opens in the default dark theme; the header's toggle then switches it to light.
    await page.addInitScript(() => localStorage.removeItem('theme'));
    const response = await page.goto(`/lighting${path === '/' ? '/' : path}`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    const root = page.locator('[data-theme]').first();
    const findings: Record<string, unknown> = {};
    for (const theme of ['dark', 'light'] as const) {
      if (theme === 'light') await page.getByTestId('theme-toggle').click();
      await expect(root).toHaveAttribute('data-theme', theme);
      await settle(page, path);
      const violations = await seriousViolations(page, theme === 'dark' ? 'every rule' : 'colours');
      if (violations.length > 0) findings[theme] = violations;
    }
    const csp = await reportedViolations(page);
    if (csp.length > 0) findings['content security policy'] = csp;
    if (cspErrors.length > 0) findings['content security policy errors'] = cspErrors;
    expect(findings).toEqual({});
  });
}
