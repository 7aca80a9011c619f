import { expect, test } from '@playwright/test';
import { reportedViolations, watchContentSecurityPolicy } from './content-security-policy';

// The security headers of the document and the API, and the Content-Security-Policy at work: it
// refuses what it should. That every screen runs under it without a violation is checked where each
// screen is opened in both themes (every-screen.spec.ts).

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

test('the policy is enforced: a script the page injects inline is refused and reported', async ({ page }) => {
  await watchContentSecurityPolicy(page);
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
