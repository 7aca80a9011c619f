import { render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initI18n } from '@/lib/i18n/i18n';
import { AppRoutes } from '../app-routes';
import { createKeycloakUser } from '../auth/keycloak-user';
import type { SignedInUser } from '@/lib/auth/signed-in-user';
import { registerAppPanelTabs } from '../panel-tabs';
import { AppProviders } from '../providers';
import { MainLayout } from '../shell/main-layout';

// The device panel's tabs, as render-app.tsx registers them when the console starts.
registerAppPanelTabs();

export const TEST_CLIENT_ID = 'farola-console';

/** A user shaped exactly as the identity provider's tokens make one, holding `roles` on the console's client. */
export function userWithRoles(roles: string[]): SignedInUser {
  return createKeycloakUser(
    {
      authenticated: true,
      tokenParsed: { sub: 'u-1', preferred_username: 'operator', resource_access: { [TEST_CLIENT_ID]: { roles } } },
      idTokenParsed: {},
      logout: async () => undefined,
      login: async () => undefined,
    },
    TEST_CLIENT_ID,
  );
}

/** Renders the main layout and routes at `path` in English; `location.history` records every navigation. */
export async function renderAppAt(path: string, user: SignedInUser) {
  await initI18n({ language: 'en', fallback: 'en' });
  const location = memoryLocation({ path, record: true });
  const view = render(
    <AppProviders user={user}>
      <Router hook={location.hook}>
        <MainLayout>
          <AppRoutes />
        </MainLayout>
      </Router>
    </AppProviders>,
  );
  await settleRoutes();
  // The header's controls are a chunk of their own, shown a moment after the page.
  await screen.findByTestId('user-menu', {}, { timeout: 10_000 });
  return { ...view, location };
}

/**
 * Waits until the lazily loaded screen (and any screen it redirected to) has replaced the loading
 * spinner: on a busy machine a screen's first import takes seconds to transform, past waitFor's 1 s.
 */
export async function settleRoutes(): Promise<void> {
  await waitFor(
    () => {
      if (screen.queryByTestId('route-loading')) throw new Error('A screen is still loading');
    },
    { timeout: 10_000 },
  );
}

/** The path the app ended on. */
export function currentPath(location: { history: string[] }): string {
  return location.history.at(-1) ?? '';
}
