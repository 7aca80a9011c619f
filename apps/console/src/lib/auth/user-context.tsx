import { createContext, useContext, type ReactNode } from 'react';
import type { SignedInUser } from './signed-in-user';

const SignedInUserContext = createContext<SignedInUser | null>(null);

/** Makes the user known at start-up available to every component below. */
export function SignedInUserProvider({ user, children }: { user: SignedInUser; children: ReactNode }) {
  return <SignedInUserContext.Provider value={user}>{children}</SignedInUserContext.Provider>;
}

/** The signed-in (or demo) user; start-up always provides one before the app mounts. */
export function useSignedInUser(): SignedInUser {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser needs a SignedInUserProvider above it');
  return user;
}
