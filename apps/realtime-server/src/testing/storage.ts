import { openStorage, type Storage } from '../wiring/storage';

/** A migrated in-memory PGlite database with its repositories, for tests below the HTTP layer. */
export function openTestStorage(): Promise<Storage> {
  return openStorage({ databaseUrl: null, dataDir: 'memory://' });
}
