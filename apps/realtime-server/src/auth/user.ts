import type { Role } from '@farola/protocol';

/** The caller, from a verified token or the demo user when authentication is disabled. */
export interface User {
  id: string;
  username: string;
  /** From the token's profile claims; empty when it carries none. */
  givenName: string;
  familyName: string;
  email: string;
  roles: Role[];
  /** Holds `admin`: passes every role check and sees every project. */
  isAdmin: boolean;
  /** When the token this user came with stops being accepted (epoch ms); absent for the demo user. */
  expiresAt?: number;
}

export const DEMO_USER: User = {
  id: 'demo',
  username: 'demo',
  givenName: 'Demo',
  familyName: 'User',
  email: '',
  roles: ['admin'],
  isAdmin: true,
};
