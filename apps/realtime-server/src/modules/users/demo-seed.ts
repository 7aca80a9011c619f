import { DEMO_IDENTITIES, DEMO_SERVICE_ACCOUNT } from '@farola/protocol';
import type { ProjectMembers } from '../projects/contract';
import type { UserRepository } from './user.repository';

/**
 * The demo realm's users (and the simulator's service account) in the directory, with the project
 * permissions the demo gives them, so that signing in as `operator` shows the first demo project
 * only. A permission an administrator has changed since is left as it is.
 */
export async function seedDemoUsers(users: UserRepository, members: ProjectMembers): Promise<void> {
  const service = {
    id: DEMO_SERVICE_ACCOUNT.id,
    username: DEMO_SERVICE_ACCOUNT.username,
    givenName: '',
    familyName: '',
    email: '',
    projects: DEMO_SERVICE_ACCOUNT.projects,
  };
  for (const identity of [...DEMO_IDENTITIES, service]) {
    const { id, username, givenName, familyName, email } = identity;
    await users.upsert({ id, username, givenName, familyName, email }, false);
    for (const { projectId, role } of identity.projects) await members.seedRole(id, projectId, role);
  }
}
