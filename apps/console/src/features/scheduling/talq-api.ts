import { TalqImportResultSchema, type TalqImportResult } from '@farola/protocol';
import { apiPost } from '@/lib/api/client';
import { apiDownload } from '@/lib/api/files';

/**
 * Downloads a project's control programs and calendars, or one calendar with the programs it names,
 * as TALQ-shaped JSON (docs/talq-interchange.md), in a file named after `name`.
 */
export function downloadTalq(target: { projectId: string; calendarId?: string }, name: string): Promise<void> {
  return apiDownload('scheduling/export', { ...target }, `${name}.talq.json`);
}

/** Creates a document's programs and calendars in a project, all of them or none. */
export function importTalq(projectId: string, document: unknown): Promise<TalqImportResult> {
  return apiPost('scheduling/import', { projectId, document }, TalqImportResultSchema);
}
