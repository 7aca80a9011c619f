import i18next from 'i18next';
import { getRuntimeConfig, loadRuntimeConfig } from '@/lib/config';
import { initI18n } from '@/lib/i18n/i18n';
import { currentLocaleSources, resolveLocale } from '@/lib/i18n/locale-order';
import { createDemoUser } from './auth/demo-user';
import type { SignedInUser } from '@/lib/auth/signed-in-user';
import { startUpErrorText } from './start-up-error';
import { isMapPath, preloadMap } from './map-preload';

/** Thrown after the user has been told, so the caller only stops. */
class StartUpAborted extends Error {}

function fail(key: 'startup.configError' | 'startup.authError', error: unknown): never {
  const text = startUpErrorText(error);
  window.alert(i18next.t(key, { ns: 'common', error: text }));
  throw new StartUpAborted(text);
}

/**
 * Spec §4's start-up order: configuration, then (unless authentication is disabled) sign-in, then
 * the locale (and, opened on the map, its data and code meanwhile). Resolves with the user to mount
 * the app for, or rejects after alerting the user.
 */
export async function startUp(): Promise<SignedInUser> {
  // The configuration is asked for at once, before the app's code, while the languages the
  // browser knows load: a start-up alert waits for them, to be shown translated.
  const [, configError] = await Promise.all([
    initI18n(resolveLocale(currentLocaleSources(null))),
    loadRuntimeConfig().then(
      () => null,
      (error: unknown) => ({ error }),
    ),
  ]);
  if (configError) fail('startup.configError', configError.error);
  const config = getRuntimeConfig();
  const user = config.authDisabled
    ? createDemoUser()
    : // keycloak-js is loaded only when authentication is on: demo and test stacks never fetch it.
      await import('./auth/keycloak-session')
        .then(({ startKeycloakSession }) => startKeycloakSession(config))
        .catch((error: unknown) => fail('startup.authError', error));
  // Opened on the map: its fleet and its code are asked for as soon as the user is known, while
  // the user's language and the app's code load, not once the route renders. The app waits for
  // the page's code too: a page that suspends on its first render is shown up to 0.3 s after its
  // code arrives (React spaces out what it reveals), and the code comes with the app's anyway.
  // A failure is met again, and shown, when the route renders.
  const mapLoaded = isMapPath(window.location.pathname) ? preloadMap().catch(() => undefined) : null;
  await initI18n(resolveLocale(currentLocaleSources(user.locale)));
  await mapLoaded;
  return user;
}

export function isStartUpAborted(error: unknown): boolean {
  return error instanceof StartUpAborted;
}
