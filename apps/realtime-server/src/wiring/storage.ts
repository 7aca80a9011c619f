import type { FarolaConfig } from '../config';
import { type Database, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { DeviceRepository } from '../repositories/device.repository';
import { EventRepository } from '../repositories/event.repository';
import { ProjectRepository } from '../repositories/project.repository';
import { RequestRepository } from '../repositories/request.repository';

export interface Repositories {
  projects: ProjectRepository;
  devices: DeviceRepository;
  events: EventRepository;
  requests: RequestRepository;
}

export interface Storage {
  db: Database;
  repositories: Repositories;
}

/** Opens and migrates the database; a database that fails to migrate is closed again. */
export async function openStorage(config: Pick<FarolaConfig, 'databaseUrl' | 'dataDir'>): Promise<Storage> {
  const db = await openDatabase(config);
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
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
