import type { Role } from '@farola/protocol';

/** The caller, from a verified token or the demo user when authentication is disabled. */
export interface User {
  id: string;
  username: string;
  roles: Role[];
  /** Holds `admin`: passes every role check and sees every project. */
  isAdmin: boolean;
}

export const DEMO_USER: User = { id: 'demo', username: 'demo', roles: ['admin'], isAdmin: true };
