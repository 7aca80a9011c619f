import type {
  DirectoryUser,
  GrantPermission,
  Page,
  ProjectPermission,
  UserListQuery,
  UserPermissions,
} from '@farola/protocol';
import type { User } from '../../auth/user';
import { DomainError } from '../../platform/domain-error';
import type { ProjectService } from '../projects/contract';
import type { UserProfile, UserRepository } from './user.repository';

/** How often a user's "last seen" is written at most: every request verifies a token. */
const SEEN_EVERY_MS = 5 * 60_000;

export interface UserServiceDeps {
  users: UserRepository;
  projects: ProjectService;
  /** Brings the user's open sockets in line with its projects (a permission changed). */
  accessChanged(userId: string): Promise<void>;
  /** Reports a failure of the background "last seen" write. */
  onError(error: unknown): void;
}

/**
 * User management (spec §2 "User management", §6): find a user, see and change their role per
 * project. Who may do it: `admin`, who administers every project, and a user holding the 'Admin'
 * role on a project, for that project and its subprojects only. A change reaches the user's open
 * sockets at once.
 */
export class UserService {
  private readonly seenAt = new Map<string, { at: number; profile: string }>();

  constructor(private readonly deps: UserServiceDeps) {}

  /** Records a verified caller in the directory, at most every few minutes unless its profile changed. */
  seen(user: User): void {
    const profile: UserProfile = {
      id: user.id,
      username: user.username,
      givenName: user.givenName,
      familyName: user.familyName,
      email: user.email,
    };
    const key = JSON.stringify(profile);
    const last = this.seenAt.get(user.id);
    const now = Date.now();
    if (last && last.profile === key && now - last.at < SEEN_EVERY_MS) return;
    this.seenAt.set(user.id, { at: now, profile: key });
    this.deps.users.upsert(profile, true).catch((error: unknown) => {
      this.seenAt.delete(user.id);
      this.deps.onError(error);
    });
  }

  /** The projects where `user` may manage permissions: every project for `admin`. */
  administeredProjectIds(user: User): Promise<string[]> {
    return user.isAdmin
      ? this.deps.projects.visibleProjectIds(user)
      : this.deps.projects.members.administeredProjectIds(user.id);
  }

  async list(user: User, query: UserListQuery): Promise<Page<DirectoryUser>> {
    await this.administered(user);
    return this.deps.users.list(query);
  }

  /** The user's permissions on the projects the caller administers. */
  async permissions(user: User, userId: string): Promise<UserPermissions> {
    const administered = await this.administered(user);
    const target = await this.target(userId);
    return { user: target, permissions: await this.permissionsOn(userId, user, administered) };
  }

  /**
   * Grants `role` on a project (or changes the role held there); holding that very role already
   * is refused as USER_ROLE_EXISTS ('User already exists with that role').
   */
  async grant(user: User, userId: string, grant: GrantPermission): Promise<UserPermissions> {
    const administered = await this.administered(user, grant.projectId);
    const target = await this.target(userId);
    if ((await this.deps.projects.members.roleOn(userId, grant.projectId)) === grant.role)
      throw new DomainError('USER_ROLE_EXISTS');
    await this.deps.projects.members.setRole(userId, grant.projectId, grant.role);
    await this.deps.accessChanged(userId);
    return { user: target, permissions: await this.permissionsOn(userId, user, administered) };
  }

  async revoke(user: User, userId: string, projectId: string): Promise<UserPermissions> {
    const administered = await this.administered(user, projectId);
    const target = await this.target(userId);
    if (!(await this.deps.projects.members.removeRole(userId, projectId))) {
      throw new DomainError('NOT_FOUND', undefined, 'The user holds no permission on this project');
    }
    await this.deps.accessChanged(userId);
    return { user: target, permissions: await this.permissionsOn(userId, user, administered) };
  }

  private async target(userId: string): Promise<DirectoryUser> {
    const target = await this.deps.users.get(userId);
    if (!target) throw new DomainError('NOT_FOUND', undefined, 'User not found');
    return target;
  }

  private permissionsOn(userId: string, caller: User, administered: string[]): Promise<ProjectPermission[]> {
    return this.deps.projects.members.permissions(userId, caller.isAdmin ? null : administered);
  }

  /**
   * The projects the caller administers; ACCESS_NOT_GRANTED when none (or not `projectId`).
   * A project the caller cannot see at all is answered as not granted too, never as not found,
   * so that project ids cannot be probed.
   */
  private async administered(user: User, projectId?: string): Promise<string[]> {
    const administered = await this.administeredProjectIds(user);
    if (administered.length === 0) throw new DomainError('ACCESS_NOT_GRANTED');
    if (projectId !== undefined && !administered.includes(projectId)) {
      if (user.isAdmin && !(await this.deps.projects.exists(projectId))) {
        throw new DomainError('NOT_FOUND', undefined, 'Project not found');
      }
      throw new DomainError('ACCESS_NOT_GRANTED');
    }
    return administered;
  }
}
