import { inject } from 'vitest';
import { reusePgliteThreads, useClusterTemplate } from '../db/database';

// Each test file's new databases (in memory or in a new folder) start from the run's migrated
// cluster (pglite-template.global.ts); the tests of migrations ask for the fresh one
// (`useClusterTemplate(inject('pgliteTemplate'))`). This runs before every file, so a file's
// choice ends with it.
useClusterTemplate(inject('pgliteMigratedTemplate'));
// And a closed in-memory database's thread opens the next one (`reusePgliteThreads`): the files
// share one process (isolate: false), so the suite starts a handful of PGlite threads, not hundreds.
reusePgliteThreads(true);
