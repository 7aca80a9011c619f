import type { ReactNode } from 'react';
import { useSignedInUser } from '@/lib/auth/user-context';
import { useInactivityLogout } from './use-inactivity-logout';

/** The root shell's inactivity watcher: logs the user out after the idle timeout. */
export function InactivityWatcher({ children, timeoutMs }: { children: ReactNode; timeoutMs?: number }) {
  const user = useSignedInUser();
  useInactivityLogout(() => user.logout(), timeoutMs);
  return <>{children}</>;
}
