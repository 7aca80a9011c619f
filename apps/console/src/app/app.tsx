import { lazy, Suspense } from 'react';
import { Router } from 'wouter';
import { RealtimeConnection } from '@/lib/realtime/realtime-connection';
import { AppRoutes } from './app-routes';
import type { SignedInUser } from './auth/signed-in-user';
import { AppProviders } from './providers';
import { InactivityWatcher } from './shell/inactivity-watcher';
import { MainLayout } from './shell/main-layout';

// Announces outcomes of commands, which the user sends from screens loaded later: it follows them
// from its own chunk, so Fluent's toasts are not part of the first screen.
const RequestOutcomeToasts = lazy(() =>
  import('@/components/request-outcome-toasts').then((m) => ({ default: m.RequestOutcomeToasts })),
);

// '/lighting/' → '/lighting': wouter's base has no trailing slash.
const ROUTER_BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

/**
 * The root shell (spec §2): inactivity watcher around the main layout and its routed pages, with
 * the realtime connection and the outcome toasts of the commands sent from this tab.
 */
export function App({ user }: { user: SignedInUser }) {
  return (
    <AppProviders user={user}>
      <Router base={ROUTER_BASE}>
        <InactivityWatcher>
          <MainLayout>
            <RealtimeConnection />
            <Suspense fallback={null}>
              <RequestOutcomeToasts />
            </Suspense>
            <AppRoutes />
          </MainLayout>
        </InactivityWatcher>
      </Router>
    </AppProviders>
  );
}
