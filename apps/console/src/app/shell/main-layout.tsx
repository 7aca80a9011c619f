import { useAtomValue } from 'jotai';
import { lazy, Suspense, type ReactNode } from 'react';
import { notificationsHostLoading, notificationsWantedAtom } from '@/lib/notifications/notifications-host';
import { AppHeader } from './app-header';
import { useMainLayoutStyles } from './main-layout.styles';
import { NoProjectsNotice } from './no-projects-notice';

// The notification stack (and the outcome toasts of this tab's commands) loads once a screen that
// notifies is shown, such as the device panel that sends commands: the first screen has none.
const NotificationsHost = lazy(() => {
  notificationsHostLoading();
  return import('@/components/notifications-host').then((m) => ({ default: m.NotificationsHost }));
});

/** The main layout at `/` (spec §2): header, routed content and the notification stack. */
export function MainLayout({ children }: { children: ReactNode }) {
  const styles = useMainLayoutStyles();
  const notificationsWanted = useAtomValue(notificationsWantedAtom);
  return (
    <div className={styles.root}>
      <AppHeader />
      <NoProjectsNotice />
      <main className={styles.content}>{children}</main>
      {notificationsWanted && (
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
      )}
    </div>
  );
}
