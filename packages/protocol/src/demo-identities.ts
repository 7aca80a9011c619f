import { DEMO_NORTH_PROJECT_ID, DEMO_PROJECT_ID } from './projects';
import type { ProjectRole, Role } from './roles';

/**
 * A user of the development identity provider and of the Keycloak realm export, with the
 * project permissions the demo seeds for it. Development and tests only: each password equals
 * the user name.
 */
export interface DemoIdentity {
  /** The token subject (Keycloak user id), fixed so the demo's project permissions can name it. */
  id: string;
  username: string;
  givenName: string;
  familyName: string;
  email: string;
  locale: string;
  /** Client roles on the console's OAuth client. */
  roles: readonly Role[];
  /** Project permissions seeded for the demo (a project's subprojects come with it). */
  projects: readonly { projectId: string; role: ProjectRole }[];
}

/** The console's OAuth client in the demo realm. */
export const DEMO_REALM = 'farola';
export const DEMO_CLIENT_ID = 'console';

export const DEMO_IDENTITIES: readonly DemoIdentity[] = [
  {
    id: '5b4f6a3e-0001-4c1a-9f00-00000000a001',
    username: 'admin',
    givenName: 'Ada',
    familyName: 'Admin',
    email: 'admin@farola.test',
    locale: 'en',
    roles: ['admin'],
    projects: [],
  },
  {
    id: '5b4f6a3e-0002-4c1a-9f00-00000000a002',
    username: 'operator',
    givenName: 'Oscar',
    familyName: 'Operator',
    email: 'operator@farola.test',
    locale: 'en',
    roles: ['manage-devices', 'manage-alarms', 'manage-scheduling', 'view-dashboard', 'view-traceability'],
    projects: [{ projectId: DEMO_PROJECT_ID, role: 'user' }],
  },
  {
    id: '5b4f6a3e-0003-4c1a-9f00-00000000a003',
    username: 'viewer',
    givenName: 'Vera',
    familyName: 'Viewer',
    email: 'viewer@farola.test',
    locale: 'en',
    roles: ['view-devices', 'view-alarms', 'view-dashboard', 'view-scheduling', 'view-projects', 'view-traceability'],
    projects: [
      { projectId: DEMO_PROJECT_ID, role: 'user' },
      { projectId: DEMO_NORTH_PROJECT_ID, role: 'user' },
    ],
  },
  {
    id: '5b4f6a3e-0004-4c1a-9f00-00000000a004',
    username: 'outsider',
    givenName: 'Otto',
    familyName: 'Outsider',
    email: 'outsider@farola.test',
    locale: 'en',
    roles: [],
    projects: [],
  },
];

/**
 * The fleet simulator's service account: a confidential client of the realm that obtains tokens
 * with the client-credentials grant to provision the simulated devices. Its tokens name the
 * console's client in `aud`, so the server accepts them, with `manage-devices` on every demo project.
 */
export const DEMO_SERVICE_ACCOUNT = {
  clientId: 'fleet-simulator',
  /** Development only, like the users' passwords. */
  clientSecret: 'fleet-simulator-dev-secret',
  id: '5b4f6a3e-0005-4c1a-9f00-00000000a005',
  username: 'service-account-fleet-simulator',
  roles: ['manage-devices'] as readonly Role[],
  projects: [
    { projectId: DEMO_PROJECT_ID, role: 'user' },
    { projectId: DEMO_NORTH_PROJECT_ID, role: 'user' },
  ] as readonly { projectId: string; role: ProjectRole }[],
} as const;
