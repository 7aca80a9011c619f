import {
  type CalendarEdit,
  fromTalqDocument,
  PAGE_LIMIT_MAX,
  type Page,
  type ParsedTalqDocument,
  type StoredCalendar,
  type StoredControlProgram,
  type TalqDocument,
  type TalqExportQuery,
  type TalqImport,
  type TalqImportResult,
  toTalqDocument,
} from '@farola/protocol';
import type { User } from '../../auth/user';
import type { Database } from '../../db/database';
import { isUniqueViolation, type ProjectScope } from '../../db/rows';
import { DomainError } from '../../platform/domain-error';
import type { ProjectService } from '../projects/contract';
import { CALENDAR_NAME_INDEX, type CalendarRepository, ONE_DEFAULT_INDEX } from './calendar.repository';
import { ControlProgramRepository, PROGRAM_NAME_INDEX } from './control-program.repository';
import { nameExists, uniqueName } from './scheduling.service';

/** An export: the document, and what its file is named after (the calendar's or the project's name). */
export interface TalqExport {
  document: TalqDocument;
  name: string;
}

/** Every page of a list, one after the other. */
async function everyPage<T>(page: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const next = await page(cursor);
    items.push(...next.items);
    cursor = next.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return items;
}

/** The programs a calendar names, in the order it first names them. */
function namedPrograms(calendar: StoredCalendar): string[] {
  const ids = calendar.rules.map((rule) => rule.programId);
  if (calendar.defaultProgramId) ids.push(calendar.defaultProgramId);
  return [...new Set(ids)];
}

/**
 * Control programs and calendars as TALQ-shaped JSON (docs/talq-interchange.md): a project's, or one
 * calendar with the programs it names, exported; a document's imported into a project, all of it
 * or nothing, in one transaction.
 */
export class TalqInterchange {
  constructor(
    private readonly deps: {
      db: Database;
      programs: ControlProgramRepository;
      calendars: CalendarRepository;
      projects: ProjectService;
    },
  ) {}

  async export(user: User, { projectId, calendarId }: TalqExportQuery): Promise<TalqExport> {
    const project = await this.deps.projects.get(user, projectId);
    const scope = await this.deps.projects.scope(user);
    const options = { ownerCMS: `urn:farola:project:${projectId}`, exportedAt: new Date().toISOString() };
    if (calendarId === undefined) {
      const query = { projectId, limit: PAGE_LIMIT_MAX };
      // Calendars first: a program one of them names cannot be deleted before the programs are read.
      const calendars = await everyPage((cursor) => this.deps.calendars.list({ ...query, cursor }, scope));
      const programs = await everyPage((cursor) => this.deps.programs.list({ ...query, cursor }, scope));
      return { document: toTalqDocument({ programs, calendars }, options), name: project.name };
    }
    const calendar = await this.calendarOf(projectId, calendarId, scope);
    const ids = namedPrograms(calendar);
    const byId = new Map((await this.deps.programs.byIds(projectId, ids)).map((program) => [program.id, program]));
    const programs = ids.flatMap((id) => byId.get(id) ?? []);
    return { document: toTalqDocument({ programs, calendars: [calendar] }, options), name: calendar.name };
  }

  /**
   * Creates a document's programs, then its calendars, in the project; a refusal of any of them
   * (a name the project has: CONTROL_PROGRAM_EXISTS, CALENDAR_EXISTS) leaves nothing created.
   */
  async import(user: User, projectId: string, document: ParsedTalqDocument): Promise<TalqImportResult> {
    await this.deps.projects.get(user, projectId);
    const outcome = fromTalqDocument(document);
    if (!outcome.ok) {
      throw new DomainError(
        'VALIDATION_FAILED',
        outcome.issues.map((issue) => ({ ...issue, path: `document.${issue.path}` })),
      );
    }
    try {
      return await this.write(projectId, outcome.value, true);
    } catch (error) {
      // Another process made the project's first calendar meanwhile: it is the default, these are not.
      if (!isUniqueViolation(error, ONE_DEFAULT_INDEX)) throw error;
      return this.write(projectId, outcome.value, false);
    }
  }

  private async calendarOf(projectId: string, calendarId: string, scope: ProjectScope): Promise<StoredCalendar> {
    const calendar = await this.deps.calendars.get(calendarId, scope);
    if (!calendar || calendar.projectId !== projectId) {
      throw new DomainError('NOT_FOUND', undefined, 'Calendar not found');
    }
    return calendar;
  }

  private write(projectId: string, { programs, calendars }: TalqImport, firstIsDefault: boolean) {
    return this.deps.db.transaction(async (tx): Promise<TalqImportResult> => {
      const programRepository = new ControlProgramRepository(tx);
      const created = new Map<string, string>();
      for (const { key, program } of programs) {
        const stored = await uniqueName(
          () => programRepository.insert(projectId, program),
          PROGRAM_NAME_INDEX,
          () => nameExists('CONTROL_PROGRAM_EXISTS', program.name),
        );
        created.set(key, stored.id);
      }
      const idOf = (key: string) => created.get(key)!;
      const storedCalendars: StoredCalendar[] = [];
      for (const calendar of calendars) {
        const named: CalendarEdit = {
          ...calendar,
          defaultProgramId: calendar.defaultProgramId === null ? null : idOf(calendar.defaultProgramId),
          rules: calendar.rules.map((rule) => ({ ...rule, programId: idOf(rule.programId) })),
        };
        const stored = await uniqueName(
          () => this.deps.calendars.insertIn(tx, projectId, named, firstIsDefault),
          CALENDAR_NAME_INDEX,
          () => nameExists('CALENDAR_EXISTS', calendar.name),
        );
        storedCalendars.push(stored);
      }
      // Read again: how many calendars use each program has changed since each was created.
      const ids = [...created.values()];
      const byId = new Map((await programRepository.byIds(projectId, ids)).map((program) => [program.id, program]));
      const storedPrograms: StoredControlProgram[] = ids.map((id) => byId.get(id)!);
      return { programs: storedPrograms, calendars: storedCalendars };
    });
  }
}
