import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrationFolders } from '../boot';
import type { Database, Queryable } from '../db/database';
import { migrate } from '../db/migrate';
import { MODULES } from '../modules/module-list';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fresh PGlite cluster's files: for the tests of migrations themselves. */
    pgliteTemplate: string;
    /** The same cluster with every module's migrations applied: what every other new test database loads. */
    pgliteMigratedTemplate: string;
  }
}

/** A PGlite opened in this thread, as the migrations expect a database. */
function asDatabase(db: PGlite): Database {
  const queryable = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    query: async <T>(sql: string, params: unknown[] = []) => (await target.query<T>(sql, params)).rows,
    exec: async (sql: string) => {
      await target.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...queryable(db),
    transaction: (work) => db.transaction((tx) => work(queryable(tx))),
    close: () => db.close(),
  };
}

/**
 * Vitest's global setup: creates one PGlite cluster for the whole run and writes its files twice,
 * fresh and with every module's migrations applied (`use-pglite-template.ts` hands the second to
 * the database module), so that the ~150 new databases the tests open skip PostgreSQL's initdb
 * (about 2 s of CPU each) and the migrations (about 0.5 s). Removes the files after the run.
 */
export default async function createPgliteTemplates(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'farola-pglite-template-'));
  const dump = async (db: PGlite, name: string) => {
    const file = path.join(folder, name);
    await writeFile(file, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  const db = await PGlite.create();
  try {
    project.provide('pgliteTemplate', await dump(db, 'fresh-cluster.tar'));
    await migrate(asDatabase(db), migrationFolders(MODULES));
    project.provide('pgliteMigratedTemplate', await dump(db, 'migrated-cluster.tar'));
  } finally {
    await db.close();
  }
  return () => rm(folder, { recursive: true, force: true });
}
