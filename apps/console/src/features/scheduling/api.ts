import {
  pageSchema,
  StoredControlProgramSchema,
  type ControlProgramCreate,
  type ControlProgramEdit,
  type Page,
  type StoredControlProgram,
} from '@farola/protocol';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api/client';

const ProgramPageSchema = pageSchema(StoredControlProgramSchema);

/** How many control programs one 'Show more' loads. */
export const PROGRAMS_PAGE_SIZE = 50;

/** A project's control programs whose name matches `q` (all when empty), by name. */
export function fetchControlPrograms(
  query: { projectId: string; q: string },
  cursor?: string,
): Promise<Page<StoredControlProgram>> {
  const q = query.q.trim();
  return apiGet('control-programs', ProgramPageSchema, {
    projectId: query.projectId,
    q: q === '' ? undefined : q,
    limit: PROGRAMS_PAGE_SIZE,
    cursor,
  });
}

export function createControlProgram(program: ControlProgramCreate): Promise<StoredControlProgram> {
  return apiPost('control-programs', program, StoredControlProgramSchema);
}

export function saveControlProgram(id: string, program: ControlProgramEdit): Promise<StoredControlProgram> {
  return apiPut(`control-programs/${id}`, program, StoredControlProgramSchema);
}

export function duplicateControlProgram(id: string, name: string): Promise<StoredControlProgram> {
  return apiPost(`control-programs/${id}/duplicate`, { name }, StoredControlProgramSchema);
}

export function deleteControlProgram(id: string): Promise<StoredControlProgram> {
  return apiDelete(`control-programs/${id}`, StoredControlProgramSchema);
}
