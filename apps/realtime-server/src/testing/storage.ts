import { migrationFolders } from '../boot';
import { type Database, openPglite } from '../db/database';
import { migrate } from '../db/migrate';
import { MODULES } from '../modules/module-list';
import { DeviceRepository } from '../modules/devices/device.repository';
import { EventRepository } from '../modules/events/event.repository';
import { ProjectRepository } from '../modules/projects/project.repository';
import { RequestRepository } from '../modules/requests/request.repository';

export interface TestStorage {
  db: Database;
  repositories: {
    projects: ProjectRepository;
    devices: DeviceRepository;
    events: EventRepository;
    requests: RequestRepository;
  };
}

/** The migration folders of every module of the module list. */
export const ALL_MIGRATIONS = migrationFolders(MODULES);

/** A migrated in-memory PGlite database with the modules' repositories, for tests below the HTTP layer. */
export async function openTestStorage(): Promise<TestStorage> {
  const db = await openPglite('memory://');
  await migrate(db, ALL_MIGRATIONS);
  return {
    db,
    repositories: {
      projects: new ProjectRepository(db),
      devices: new DeviceRepository(db),
      events: new EventRepository(db),
      requests: new RequestRepository(db),
    },
  };
}
