import { expect, type Page, type Request, test } from '@playwright/test';
import { DEMO_IDENTITIES, DEMO_NORTH_PROJECT_ID, type Device, DeviceSchema, pageSchema } from '@farola/protocol';
import { E2E_ACCESS_TOKEN_TTL_S, E2E_IDP_URL } from '../playwright.config';
import { seriousViolations } from './accessibility';

// The `signed-in` project: the console, the server and the simulator with sign-in on, through the
// development identity provider's own pages (Keycloak's form ids), in Chromium.

const LOGIN_PAGE = new RegExp(`^${E2E_IDP_URL}/realms/farola/login-actions/`);
const TOKEN_ENDPOINT = `${E2E_IDP_URL}/realms/farola/protocol/openid-connect/token`;
const DevicePageSchema = pageSchema(DeviceSchema);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

async function signIn(page: Page, username: string, password = username) {
  await expect(page).toHaveURL(LOGIN_PAGE);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('#kc-login').click();
}

/** Opens the map, signs in on the provider's page, and waits for the live fleet. */
async function openMapAs(page: Page, username: string, password = username) {
  await page.goto('/lighting/map');
  await signIn(page, username, password);
  await expect(page).toHaveURL(/\/lighting\/map/);
  await expect(page.getByTestId('device-map')).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'connected');
}

/** Opens the console (any user may see its shell) and signs in. */
async function openConsoleAs(page: Page, username: string, password = username) {
  await page.goto('/lighting/');
  await signIn(page, username, password);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** The access token the page sends to the API (its next API call's `Authorization`): the trigger must call the API (the map does; the home page may not). */
async function pageToken(page: Page, trigger: () => Promise<unknown>): Promise<string> {
  const request = page.waitForRequest(
    (candidate: Request) => candidate.url().includes('/lighting/api/v1/') && !!candidate.headers()['authorization'],
  );
  await trigger();
  return ((await request).headers()['authorization'] ?? '').replace(/^Bearer /, '');
}

function claimsOf(token: string): { exp: number; sid: string; preferred_username: string } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu').click();
}

test("admin signs in on the provider's login page and sees the map with the fleet", async ({ page }) => {
  await openMapAs(page, 'admin');
  // The first test on a freshly started stack: the simulator may still be provisioning its fleet.
  await expect(page.getByTestId('fleet-summary')).toContainText(/60 devices/, { timeout: 45_000 });
  // Every device drawn on the map's canvas, the map framing the fleet.
  await expect(page.getByTestId('fleet-layer')).toHaveAttribute('data-devices', '60', { timeout: 30_000 });
  await expect(page.getByTestId('user-menu')).toContainText('Ada Admin');
});

test("a wrong password keeps the user on the provider's accessible page with its error", async ({ page }) => {
  await page.goto('/lighting/map');
  await expect(page.getByLabel('Username or email')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await signIn(page, 'admin', 'not-the-password');
  await expect(page.locator('#input-error')).toHaveText('Invalid username or password.');
  await expect(page).toHaveURL(LOGIN_PAGE);
  await expect(page.getByLabel('Username or email')).toHaveValue('admin');
  expect(await seriousViolations(page)).toEqual([]);
});

test("operator sees only the first demo project's devices, on the map and through the API", async ({ page }) => {
  const token = await pageToken(page, () => openMapAs(page, 'operator'));
  expect(claimsOf(token).preferred_username).toBe('operator');
  let visible: Device[] = [];
  // The operator holds the first demo project (seeded with DEMO_DATA), not the north districts.
  await expect(async () => {
    const answer = await page.request.get('/lighting/api/v1/devices?limit=500', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.ok()).toBe(true);
    visible = DevicePageSchema.parse(await answer.json()).items;
    expect(visible.length).toBeGreaterThan(0);
  }).toPass({ timeout: 15_000 });
  expect(visible.length).toBeLessThan(60);
  expect(visible.filter((device) => device.projectId === DEMO_NORTH_PROJECT_ID)).toEqual([]);
  await expect(page.getByTestId('fleet-layer')).toHaveAttribute('data-devices', String(visible.length));
  await expect(page.getByTestId('fleet-summary')).toContainText(`${visible.length} devices`);
});

test('the access token is refreshed silently and the app, socket included, keeps working', async ({ page }) => {
  test.setTimeout(120_000);
  const tokens: string[] = [];
  page.on('response', async (response) => {
    if (response.url() !== TOKEN_ENDPOINT || !response.ok()) return;
    const body = (await response.json()) as { access_token?: string };
    if (body.access_token) tokens.push(body.access_token);
  });
  await openMapAs(page, 'admin');
  await expect.poll(() => tokens.length).toBeGreaterThanOrEqual(1);
  const first = claimsOf(tokens[0]!);
  // keycloak-js refreshes when the token expires, through the refresh_token grant.
  await expect
    .poll(() => tokens.length, { timeout: (E2E_ACCESS_TOKEN_TTL_S + 15) * 1000, intervals: [1000] })
    .toBeGreaterThanOrEqual(2);
  const second = claimsOf(tokens[1]!);
  expect(second.exp).toBeGreaterThan(first.exp);
  expect(second.sid).toBe(first.sid);
  // Past the first token's expiry (and the server's 10 s of skew) the server has closed the socket
  // it opened: it is live again only on the new token.
  const firstExpired = first.exp * 1000 + 11_000 - Date.now();
  if (firstExpired > 0) await page.waitForTimeout(firstExpired);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'connected');
  const later = await pageToken(page, () => page.reload());
  expect(claimsOf(later).preferred_username).toBe('admin');
  await expect(page.getByTestId('fleet-summary')).toContainText(/60 devices/);
});

test('after five minutes without mouse or keyboard the user is signed out, back at the login page', async ({
  page,
}) => {
  await page.clock.install();
  await openMapAs(page, 'viewer');
  await page.clock.fastForward('05:01');
  await expect(page).toHaveURL(LOGIN_PAGE);
  await expect(page.locator('#kc-login')).toBeVisible();
});

test("change password (user menu) reaches the provider's update-password page, and the new password works", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const changePassword = async (from: string, to: string) => {
    await openConsoleAs(page, 'outsider', from);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    // Signed in already, the provider asks only for the new password.
    await expect(page.locator('#password-new')).toBeVisible();
    await page.locator('#password-new').fill(to);
    await page.locator('#password-confirm').fill(to);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(LOGIN_PAGE);
  };
  await changePassword('outsider', 'outsider-changed');
  await page.goto('/lighting/');
  await signIn(page, 'outsider', 'outsider');
  await expect(page.locator('#input-error')).toHaveText('Invalid username or password.');
  // The new password signs in; it is set back so that the stack stays as the demo describes it.
  await page.context().clearCookies();
  await changePassword('outsider-changed', 'outsider');
});

test('logout ends the session at the provider: the console asks for a sign-in again', async ({ page }) => {
  await openMapAs(page, 'admin');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(LOGIN_PAGE);
  await page.goto('/lighting/map');
  await expect(page).toHaveURL(LOGIN_PAGE);
  await expect(page.locator('#kc-login')).toBeVisible();
});

test("a configuration that cannot be loaded shows 'Error loading config: …'", async ({ page }) => {
  await page.route('**/lighting/src/config.js*', (route) => route.abort());
  const alerts: string[] = [];
  // The alert holds the page's load until it is answered.
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/lighting/map');
  await expect.poll(() => alerts).toEqual([expect.stringMatching(/^Error loading config: /)]);
  await expect(page).toHaveURL(/\/lighting\/map$/);
});

test('viewer finds the command buttons disabled with the reason, and the API refuses the command', async ({ page }) => {
  const token = await pageToken(page, () => openMapAs(page, 'viewer'));
  const answer = await page.request.get('/lighting/api/v1/devices?limit=500&deviceType=light-point-controller', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
  const devices = DevicePageSchema.parse(await answer.json()).items;
  // The viewer holds every demo project: the north districts' devices are there too.
  expect(devices.some((device) => device.projectId === DEMO_NORTH_PROJECT_ID)).toBe(true);
  const device = devices.find((candidate) => candidate.connected) ?? devices[0]!;

  await page.goto(`/lighting/map/devices/${device.id}`);
  const command = page.getByTestId('command-switchOff');
  await expect(command).toHaveAttribute('aria-disabled', 'true');
  await command.focus();
  await expect(page.getByRole('tooltip')).toHaveText('Your role does not allow sending commands to devices');

  const refused = await page.request.post(`/lighting/api/v1/devices/${device.id}/commands`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { command: 'factoryReset', params: {} },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe('ACCESS_NOT_GRANTED');
});

test("user management is for administrators: viewer is offered none and is sent to 'Unauthorized'", async ({
  page,
}) => {
  // The shell asks the server which projects its user sees and administers (`/me`) as it opens.
  const me = page.waitForResponse((answer) => answer.url().endsWith('/lighting/api/v1/me'));
  await openConsoleAs(page, 'viewer');
  expect((await me).ok()).toBe(true);
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'User management' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/lighting/users');
  await expect(page.getByTestId('unauthorized')).toBeVisible();
  await expect(page).toHaveURL(/\/lighting\/unauthorized$/);
});

test("a project's administrator manages that project's permissions only", async ({ page, browser }) => {
  const outsider = DEMO_IDENTITIES.find((identity) => identity.username === 'outsider')!;
  const token = await pageToken(page, () => openMapAs(page, 'admin'));
  const permissions = `/lighting/api/v1/users/${outsider.id}/permissions`;
  const headers = { Authorization: `Bearer ${token}` };
  const granted = await page.request.post(permissions, {
    headers,
    data: { projectId: DEMO_NORTH_PROJECT_ID, role: 'admin' },
  });
  expect(granted.ok()).toBe(true);
  try {
    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
    const outsiderPage = await context.newPage();
    await openConsoleAs(outsiderPage, 'outsider');
    await openUserMenu(outsiderPage);
    await outsiderPage.getByRole('menuitem', { name: 'User management' }).click();
    await expect(outsiderPage.getByRole('heading', { level: 1, name: 'User management' })).toBeVisible();
    await outsiderPage.getByTestId('user-result').filter({ hasText: 'viewer' }).click();
    // The viewer holds both demo projects; the north districts' administrator sees only that one.
    const rows = outsiderPage.getByTestId('permission-row');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('North districts');
    await expect(outsiderPage.getByTestId('grant-project').locator('option:not([disabled])')).toHaveText([
      'North districts',
    ]);
    await context.close();
  } finally {
    await page.request.delete(`${permissions}?projectId=${DEMO_NORTH_PROJECT_ID}`, { headers });
  }
});

test('outsider is told it has no permissions on any project, and a grant reaches its open map without a reload', async ({
  page,
  browser,
}) => {
  const outsider = DEMO_IDENTITIES.find((identity) => identity.username === 'outsider')!;
  await openMapAs(page, 'outsider');
  await expect(page.getByTestId('no-projects-notice')).toContainText('This user has no permissions on any project');
  await expect(page.getByTestId('fleet-summary')).toContainText(/^0 devices/);
  await expect(page.getByTestId('fleet-layer')).toHaveAttribute('data-devices', '0');

  const context = await browser.newContext();
  const adminPage = await context.newPage();
  await adminPage.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
  const token = await pageToken(adminPage, () => openMapAs(adminPage, 'admin'));
  const permissions = `/lighting/api/v1/users/${outsider.id}/permissions`;
  const headers = { Authorization: `Bearer ${token}` };
  try {
    const granted = await adminPage.request.post(permissions, {
      headers,
      data: { projectId: DEMO_NORTH_PROJECT_ID, role: 'user' },
    });
    expect(granted.ok()).toBe(true);
    // The open socket is moved to the north districts' streams and the map reloads what it shows.
    await expect(page.getByTestId('no-projects-notice')).toHaveCount(0);
    // The map keeps its view: the counts tell what the fleet holds now.
    await expect(page.getByTestId('fleet-summary')).not.toContainText(/^0 devices/);
    const shown = Number((await page.getByTestId('fleet-summary').textContent())?.split(' ')[0]);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(60);

    const revoked = await adminPage.request.delete(`${permissions}?projectId=${DEMO_NORTH_PROJECT_ID}`, { headers });
    expect(revoked.ok()).toBe(true);
    await expect(page.getByTestId('fleet-summary')).toContainText(/^0 devices/);
    await expect(page.getByTestId('fleet-layer')).toHaveAttribute('data-devices', '0');
    await expect(page.getByTestId('no-projects-notice')).toBeVisible();
  } finally {
    await adminPage.request.delete(`${permissions}?projectId=${DEMO_NORTH_PROJECT_ID}`, { headers });
    await context.close();
  }
});
