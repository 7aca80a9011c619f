import { expect, type Page, test } from '@playwright/test';
import { connectedLightPoints } from './fleet';
import { screens, settle } from './screens';

// The server's Content-Security-Policy (apps/realtime-server/src/http/security-headers.ts) must let
// the whole console work: every screen of the route table, in both themes, raises no
// `securitypolicyviolation` and logs no CSP error. Both themes matter: switching inserts Fluent's
// styles at run time.

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

declare global {
  interface Window {
    __cspViolations?: Violation[];
  }
}

/** The violations the page reported since it loaded (the listener is installed before any script runs). */
const reportedViolations = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('defaultLocale', 'en');
    localStorage.removeItem('theme');
    const violations: Violation[] = [];
    window.__cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      });
    });
  });
});

test('every screen, in the dark and the light theme, runs under the Content-Security-Policy without a violation', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const [device] = await connectedLightPoints(request, 'orion');
  if (!device) throw new Error('no light point');
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy/i.test(message.text())) {
      consoleErrors.push(message.text());
    }
  });
  const findings: Record<string, unknown> = {};
  for (const path of screens(device.id)) {
    const response = await page.goto(`/lighting${path === '/' ? '/' : path}`);
    expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self'");
    const root = page.locator('[data-theme]').first();
    for (const theme of ['dark', 'light'] as const) {
      if (theme === 'light') await page.getByTestId('theme-toggle').click();
      await expect(root).toHaveAttribute('data-theme', theme);
      await settle(page, path);
    }
    const violations = await reportedViolations(page);
    if (violations.length > 0) findings[path] = violations;
  }
  expect(findings).toEqual({});
  expect(consoleErrors).toEqual([]);
});

test('the policy is enforced: a script the page injects inline is refused and reported', async ({ page }) => {
  await page.goto('/lighting/');
  await expect(page.getByTestId('theme-toggle')).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    document.body.append(script);
  });
  await expect
    .poll(() => reportedViolations(page))
    .toEqual([expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' })]);
  expect(await page.evaluate(() => (window as Window & { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
});

test('the document, the configuration script and the API answer with the security headers', async ({
  page,
  request,
}) => {
  const document = await page.goto('/lighting/map');
  const config = await request.get('/lighting/src/config.js?v=1');
  const api = await request.get('/lighting/api/v1/me', { headers: { origin: 'https://elsewhere.example' } });
  expect(api.status()).toBe(200);
  for (const [what, headers] of [
    ['document', document?.headers() ?? {}],
    ['config.js', config.headers()],
    ['API', api.headers()],
  ] as const) {
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
    expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(headers['content-security-policy'], what).toMatch(/(^|;)frame-ancestors 'self'(;|$)/);
    expect(headers['content-security-policy'], what).toMatch(/(^|;)object-src 'none'(;|$)/);
    expect(headers['x-powered-by'], what).toBeUndefined();
  }
  // The demo serves its own console: no other origin may read the API.
  expect(api.headers()['access-control-allow-origin']).toBeUndefined();
  expect(api.headers()['ratelimit']).toMatch(/(^|, )"api"; r=\d+; t=\d+(,|$)/);
});
