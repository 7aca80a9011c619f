import {
  type CalendarCreate,
  type CalendarEdit,
  type ControlProgramCreate,
  type ControlProgramDuplicate,
  type ControlProgramEdit,
  ERRORS,
  type ErrorCode,
  type FieldIssue,
  type Page,
  type SchedulingListQuery,
  type StoredCalendar,
  type StoredControlProgram,
} from '@farola/protocol';
import type { User } from '../../auth/user';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/rows';
import { DomainError } from '../../platform/domain-error';
import type { ProjectService } from '../projects/contract';
import { CALENDAR_NAME_INDEX, type CalendarRepository } from './calendar.repository';
import { type ControlProgramRepository, PROGRAM_IN_CALENDAR, PROGRAM_NAME_INDEX } from './control-program.repository';
import { GROUP_KEYS } from './group.repository';

const programNotFound = () => new DomainError('NOT_FOUND', undefined, 'Control program not found');
const calendarNotFound = () => new DomainError('NOT_FOUND', undefined, 'Calendar not found');

/** 'Control program X already exists', 'Calendar X already exists' (names are unique per project, in any case). */
export function nameExists(code: Extract<ErrorCode, 'CONTROL_PROGRAM_EXISTS' | 'CALENDAR_EXISTS'>, name: string) {
  return new DomainError(code, { error: name }, ERRORS[code].message.replace('{error}', name));
}

/** Runs `write`, answering a name the project already has with its catalogue error. */
export async function uniqueName<T>(write: () => Promise<T>, index: string, error: () => DomainError): Promise<T> {
  try {
    return await write();
  } catch (cause) {
    if (isUniqueViolation(cause, index)) throw error();
    throw cause;
  }
}

/**
 * Control programs and calendars (spec §2 Scheduling). Each lives in one project: whoever sees the
 * project sees them, the routes say who may change them. One of another project is not found.
 * The refusals of §8 come from the database's keys, so that they hold whichever process deletes.
 */
export class SchedulingService {
  constructor(
    private readonly deps: {
      programs: ControlProgramRepository;
      calendars: CalendarRepository;
      projects: ProjectService;
    },
  ) {}

  async listPrograms(user: User, query: SchedulingListQuery): Promise<Page<StoredControlProgram>> {
    return this.deps.programs.list(query, await this.deps.projects.scope(user));
  }

  async program(user: User, id: string): Promise<StoredControlProgram> {
    const program = await this.deps.programs.get(id, await this.deps.projects.scope(user));
    if (!program) throw programNotFound();
    return program;
  }

  async createProgram(user: User, { projectId, ...program }: ControlProgramCreate): Promise<StoredControlProgram> {
    await this.deps.projects.get(user, projectId);
    return uniqueName(
      () => this.deps.programs.insert(projectId, program),
      PROGRAM_NAME_INDEX,
      () => nameExists('CONTROL_PROGRAM_EXISTS', program.name),
    );
  }

  async editProgram(user: User, id: string, program: ControlProgramEdit): Promise<StoredControlProgram> {
    await this.program(user, id);
    const saved = await uniqueName(
      () => this.deps.programs.update(id, program),
      PROGRAM_NAME_INDEX,
      () => nameExists('CONTROL_PROGRAM_EXISTS', program.name),
    );
    if (!saved) throw programNotFound();
    return saved;
  }

  /** A copy in the same project, named as asked or after the original ('Residential street (copy)'). */
  async duplicateProgram(user: User, id: string, { name }: ControlProgramDuplicate): Promise<StoredControlProgram> {
    const original = await this.program(user, id);
    const copy = { name: name ?? `${original.name} (copy)`, intervals: original.intervals };
    return uniqueName(
      () => this.deps.programs.insert(original.projectId, copy),
      PROGRAM_NAME_INDEX,
      () => nameExists('CONTROL_PROGRAM_EXISTS', copy.name),
    );
  }

  /** Deletes a program no calendar names and no group runs (§8 messages otherwise); answers what it was. */
  async deleteProgram(user: User, id: string): Promise<StoredControlProgram> {
    const program = await this.program(user, id);
    try {
      if (!(await this.deps.programs.delete(id))) throw programNotFound();
    } catch (error) {
      if (PROGRAM_IN_CALENDAR.some((key) => isForeignKeyViolation(error, key))) {
        throw new DomainError('CONTROL_PROGRAM_IN_CALENDAR');
      }
      if (isForeignKeyViolation(error, GROUP_KEYS.program)) throw new DomainError('CONTROL_PROGRAM_IN_GROUP');
      throw error;
    }
    return program;
  }

  async listCalendars(user: User, query: SchedulingListQuery): Promise<Page<StoredCalendar>> {
    return this.deps.calendars.list(query, await this.deps.projects.scope(user));
  }

  async calendar(user: User, id: string): Promise<StoredCalendar> {
    const calendar = await this.deps.calendars.get(id, await this.deps.projects.scope(user));
    if (!calendar) throw calendarNotFound();
    return calendar;
  }

  async createCalendar(user: User, { projectId, ...calendar }: CalendarCreate): Promise<StoredCalendar> {
    await this.deps.projects.get(user, projectId);
    await this.checkPrograms(projectId, calendar);
    return this.writeCalendar(calendar, () => this.deps.calendars.insert(projectId, calendar));
  }

  async editCalendar(user: User, id: string, calendar: CalendarEdit): Promise<StoredCalendar> {
    const { projectId } = await this.calendar(user, id);
    await this.checkPrograms(projectId, calendar);
    const saved = await this.writeCalendar(calendar, () => this.deps.calendars.update(id, calendar));
    if (!saved) throw calendarNotFound();
    return saved;
  }

  /** Makes a calendar its project's default calendar. */
  async makeDefault(user: User, id: string): Promise<StoredCalendar> {
    await this.calendar(user, id);
    const calendar = await this.deps.calendars.makeDefault(id);
    if (!calendar) throw calendarNotFound();
    return calendar;
  }

  /** Deletes a calendar other than its project's default that no group runs (§8 messages otherwise); answers what it was. */
  async deleteCalendar(user: User, id: string): Promise<StoredCalendar> {
    const calendar = await this.calendar(user, id);
    let outcome: Awaited<ReturnType<CalendarRepository['delete']>>;
    try {
      outcome = await this.deps.calendars.delete(id);
    } catch (error) {
      if (isForeignKeyViolation(error, GROUP_KEYS.calendar)) throw new DomainError('CALENDAR_IN_GROUP');
      throw error;
    }
    if (outcome === 'default') throw new DomainError('DEFAULT_CALENDAR');
    if (outcome === 'missing') throw calendarNotFound();
    return calendar;
  }

  /** Writes a calendar, answering a name its project has, or a program deleted since the check, with their errors. */
  private async writeCalendar<T>(calendar: CalendarEdit, write: () => Promise<T>): Promise<T> {
    try {
      return await uniqueName(write, CALENDAR_NAME_INDEX, () => nameExists('CALENDAR_EXISTS', calendar.name));
    } catch (error) {
      if (!PROGRAM_IN_CALENDAR.some((key) => isForeignKeyViolation(error, key))) throw error;
      throw new DomainError('VALIDATION_FAILED', [
        { path: 'rules', rule: 'invalid', message: 'A control program of the calendar was deleted meanwhile' },
      ]);
    }
  }

  /**
   * Every program a calendar names is one of its project's: a program of another project, or one
   * deleted meanwhile, is refused with the rule it sits in. The database's keys hold the same rule
   * against a deletion that comes between this check and the write.
   */
  private async checkPrograms(projectId: string, calendar: CalendarEdit): Promise<void> {
    const named = [
      ...calendar.rules.map((rule, index) => ({ path: `rules.${index}.programId`, id: rule.programId })),
      ...(calendar.defaultProgramId ? [{ path: 'defaultProgramId', id: calendar.defaultProgramId }] : []),
    ];
    const known = await this.deps.programs.ofProject(
      projectId,
      named.map((entry) => entry.id),
    );
    const issues: FieldIssue[] = named
      .filter((entry) => !known.has(entry.id))
      .map((entry) => ({
        path: entry.path,
        rule: 'invalid',
        message: "Control program not found in the calendar's project",
        code: 'calendar.error.unknownProgram',
        params: { programId: entry.id },
      }));
    if (issues.length > 0) throw new DomainError('VALIDATION_FAILED', issues);
  }
}
