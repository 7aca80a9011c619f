import { Toaster } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { TOASTER_ID } from '@/lib/toaster';
import { AppHeader } from './app-header';
import { useMainLayoutStyles } from './main-layout.styles';

/** The main layout at `/` (spec §2): header, routed content and the notification stack. */
export function MainLayout({ children }: { children: ReactNode }) {
  const styles = useMainLayoutStyles();
  return (
    <div className={styles.root}>
      <AppHeader />
      <main className={styles.content}>{children}</main>
      <Toaster toasterId={TOASTER_ID} position="bottom-end" pauseOnHover />
    </div>
  );
}
