import { inject } from 'vitest';
import { useFreshClusterTemplate } from '../db/database';

// Each test file's new databases (in memory or in a new folder) start from the run's fresh cluster (pglite-template.global.ts).
useFreshClusterTemplate(inject('pgliteTemplate'));
