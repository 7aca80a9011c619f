import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fresh PGlite cluster's files, loaded by every new database the tests open (in memory or in a new folder). */
    pgliteTemplate: string;
  }
}

/**
 * Vitest's global setup: creates one fresh PGlite cluster for the whole run and writes its files
 * (`use-pglite-template.ts` hands them to the database module), so that the ~100 new
 * databases the tests open skip PostgreSQL's initdb. Removes the file after the run.
 */
export default async function createPgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'farola-pglite-template-'));
  const file = path.join(folder, 'fresh-cluster.tar');
  const db = await PGlite.create();
  try {
    await writeFile(file, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rm(folder, { recursive: true, force: true });
}
