import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

/** Every module's migrations in one folder, those from `first` on left out until `all` is called. */
export function migrationsUpTo(first: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'farola-migrations-'));
  const files = ALL_MIGRATIONS.flatMap((url) => {
    const dir = fileURLToPath(url);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => ({ name, file: path.join(dir, name) }));
  });
  const copy = (keep: (name: string) => boolean) => {
    for (const { name, file } of files.filter((f) => keep(f.name))) cpSync(file, path.join(folder, name));
  };
  copy((name) => name < first);
  return {
    folders: [pathToFileURL(`${folder}/`)],
    all: () => copy(() => true),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
