import { useEffect } from 'react';
import { Router } from 'wouter';
import { stopFleetSync } from '@/features/map/fleet-sync-starter';
import { RealtimeConnection } from '@/lib/realtime/realtime-connection';
import { AppRoutes } from './app-routes';
import type { SignedInUser } from '@/lib/auth/signed-in-user';
import { AppProviders } from './providers';
import { InactivityWatcher } from './shell/inactivity-watcher';
import { MainLayout } from './shell/main-layout';

// '/lighting/' → '/lighting': wouter's base has no trailing slash.
const ROUTER_BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

/**
 * The root shell (spec §2): inactivity watcher around the main layout and its routed pages, with
 * the realtime connection (the main layout hosts the notifications).
 */
export function App({ user }: { user: SignedInUser }) {
  // When the shell first showed (read by the map bench beside the fleet's `farola:fleet-…` marks).
  useEffect(() => {
    performance.mark('farola:app-shown');
  }, []);
  // The map's fleet sync, started by the first screen that shows the fleet, ends with the signed-in app.
  useEffect(() => stopFleetSync, []);
  return (
    <AppProviders user={user}>
      <Router base={ROUTER_BASE}>
        <InactivityWatcher>
          <MainLayout>
            <RealtimeConnection />
            <AppRoutes />
          </MainLayout>
        </InactivityWatcher>
      </Router>
    </AppProviders>
  );
}
