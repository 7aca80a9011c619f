import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// The demo user (authentication disabled) is admin; the demo seeds the realm's users, among them
// `outsider`, who holds no permission. The spec gives `outsider` a role and takes it back, so it
// leaves the directory as it found it.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('defaultLocale', 'en'));
});

test('an admin grants, changes and removes a role from the user menu', async ({ page }) => {
  await page.goto('/lighting/');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'User management' }).click();
  await expect(page).toHaveURL(/\/lighting\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'User management' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search users' }).fill('outsider');
  const results = page.getByTestId('user-result');
  await expect(results).toHaveCount(1);
  await results.first().click();
  const permissions = page.getByTestId('user-permissions');
  await expect(permissions.getByText('This user has no permissions on any project')).toBeVisible();

  await page.getByTestId('grant-project').selectOption({ label: 'North districts' });
  await page.getByTestId('grant-role').selectOption({ label: 'User' });
  await page.getByRole('button', { name: 'Grant role' }).click();
  // Fluent's toaster also repeats the text for screen readers: the toast itself is the list item.
  await expect(page.getByRole('listitem', { name: 'outsider now has the role User on North districts' })).toBeVisible();
  const row = permissions.getByTestId('permission-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('North districts');
  const role = permissions.getByRole('combobox', { name: 'Role on North districts' });
  await expect(role).toHaveValue('user');

  await page.getByRole('button', { name: 'Grant role' }).click();
  await expect(page.getByTestId('grant-error')).toHaveText('User already exists with that role');

  await role.selectOption({ label: 'Admin' });
  await expect(
    page.getByRole('listitem', { name: 'outsider now has the role Admin on North districts' }),
  ).toBeVisible();
  await expect(role).toHaveValue('admin');
  // The server holds the change: a reload shows it.
  await page.reload();
  await page.getByRole('searchbox', { name: 'Search users' }).fill('outsider');
  await expect(results).toHaveCount(1);
  await results.first().click();
  await expect(permissions.getByRole('combobox', { name: 'Role on North districts' })).toHaveValue('admin');

  await permissions.getByRole('button', { name: 'Remove the permission on North districts' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('outsider will no longer have access to North districts');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(permissions.getByText('This user has no permissions on any project')).toBeVisible();
});

test('user management with a user selected passes axe in both themes', async ({ page }) => {
  await page.addInitScript(() => localStorage.removeItem('theme'));
  await page.goto('/lighting/users');
  await page.getByTestId('user-result').filter({ hasText: 'viewer' }).click();
  await expect(page.getByTestId('permissions-table')).toBeVisible();
  const root = page.locator('[data-theme]').first();
  for (const theme of ['dark', 'light'] as const) {
    if (theme === 'light') await page.getByTestId('theme-toggle').click();
    await expect(root).toHaveAttribute('data-theme', theme);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .exclude('[data-tabster-dummy]')
      .analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ') ?? ''}`)).toEqual([]);
  }
});
