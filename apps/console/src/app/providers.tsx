import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { queryClient } from '@/lib/query/query-client';
import { appStore } from '@/lib/store';
import { SignedInUserProvider } from '@/lib/auth/user-context';
import type { SignedInUser } from '@/lib/auth/signed-in-user';
import { ThemedRoot } from './themed-root';

/** Everything a screen may rely on: the server-state cache, the one Jotai store, the user, and the theme. */
export function AppProviders({ user, children }: { user: SignedInUser; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={appStore}>
        <SignedInUserProvider user={user}>
          <ThemedRoot>{children}</ThemedRoot>
        </SignedInUserProvider>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
