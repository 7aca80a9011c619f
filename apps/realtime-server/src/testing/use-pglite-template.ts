import { inject } from 'vitest';
import { useClusterTemplate } from '../db/database';

// Each test file's new databases (in memory or in a new folder) start from the run's migrated
// cluster (pglite-template.global.ts); the tests of migrations ask for the fresh one
// (`useClusterTemplate(inject('pgliteTemplate'))`). This runs before every file, so a file's
// choice ends with it.
useClusterTemplate(inject('pgliteMigratedTemplate'));
