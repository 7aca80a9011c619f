import type { User } from '../../auth/user';
import type { FarolaModule } from '../../platform/module';
import { seedDemoUsers } from './demo-seed';
import { UserRepository } from './user.repository';
import { userRoutes } from './user.routes';
import { UserService } from './user.service';

declare module '../../platform/services' {
  interface ServiceMap {
    /** User management: the directory of users seen, and their role per project. */
    users: UserService;
  }
}

/** User management (spec §2, §6): who has signed in, and who holds which role on which project. */
export const usersModule: FarolaModule = {
  name: 'users',
  description: 'The signed-in user, the user directory and roles per project',
  migrations: new URL('./migrations/', import.meta.url),
  setup: async ({ db, config, logger, services, realtime }) => {
    const repository = new UserRepository(db);
    const projects = services.get('projects');
    if (config.demoData) await seedDemoUsers(repository, projects.members);
    const users = new UserService({
      users: repository,
      projects,
      accessChanged: realtime.accessChanged,
      onError: (error) => logger.warn({ err: error }, 'could not record a signed-in user'),
    });
    return {
      routes: userRoutes(users, projects),
      services: { users },
      // The demo user of an installation without sign-in is no person to find.
      ...(config.authDisabled ? {} : { onAuthenticated: (user: User) => users.seen(user) }),
    };
  },
};
