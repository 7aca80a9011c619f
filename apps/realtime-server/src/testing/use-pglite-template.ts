import { inject } from 'vitest';
import { useMemoryTemplate } from '../db/database';

// Each test file's in-memory databases start from the run's fresh cluster (pglite-template.global.ts).
useMemoryTemplate(inject('pgliteTemplate'));
