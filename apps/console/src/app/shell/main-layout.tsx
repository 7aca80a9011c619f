import { lazy, Suspense, type ReactNode } from 'react';
import { TOASTER_ID } from '@/lib/toaster';
import { AppHeader } from './app-header';
import { useMainLayoutStyles } from './main-layout.styles';

// The notification stack is only needed once something is announced; it loads after the page.
const Toaster = lazy(() => import('@fluentui/react-components').then((m) => ({ default: m.Toaster })));

/** The main layout at `/` (spec §2): header, routed content and the notification stack. */
export function MainLayout({ children }: { children: ReactNode }) {
  const styles = useMainLayoutStyles();
  return (
    <div className={styles.root}>
      <AppHeader />
      <main className={styles.content}>{children}</main>
      <Suspense fallback={null}>
        <Toaster toasterId={TOASTER_ID} position="bottom-end" pauseOnHover />
      </Suspense>
    </div>
  );
}
