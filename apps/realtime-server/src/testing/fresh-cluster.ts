import { inject } from 'vitest';
import { useClusterTemplate } from '../db/database';

/**
 * For a test file whose databases run migrations themselves (an older schema, a legacy record):
 * its new databases start from the run's fresh cluster instead of the migrated one. The setup file
 * (`use-pglite-template.ts`) sets the migrated cluster again before the next file.
 */
export function useFreshCluster(): void {
  useClusterTemplate(inject('pgliteTemplate'));
}
