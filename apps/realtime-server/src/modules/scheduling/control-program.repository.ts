import type {
  ControlProgramEdit,
  Page,
  ProgramInterval,
  SchedulingListQuery,
  StoredControlProgram,
} from '@farola/protocol';
import type { Queryable } from '../../db/database';
import { pageByName } from '../../db/name-page';
import { ALL_PROJECTS, Conditions, iso, likePattern, type ProjectScope } from '../../db/rows';

interface ProgramRow {
  id: string;
  project_id: string;
  name: string;
  intervals: ProgramInterval[];
  calendars: number;
  created_at: Date;
  updated_at: Date;
}

/** The programs with how many calendars name each, in a rule or as their default program. */
const SELECT = `SELECT p.*, (SELECT count(*)::int FROM calendars c
    WHERE c.default_program_id = p.id
       OR EXISTS (SELECT 1 FROM calendar_rules r WHERE r.calendar_id = c.id AND r.program_id = p.id)) AS calendars
  FROM control_programs p`;

/** The unique index behind 'Control program {name} already exists' (migration 028). */
export const PROGRAM_NAME_INDEX = 'control_programs_name';
/** The foreign keys that keep a program named by a calendar from being deleted (migration 028). */
export const PROGRAM_IN_CALENDAR = ['calendar_rules_program', 'calendars_default_program'] as const;

function toProgram(row: ProgramRow): StoredControlProgram {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    intervals: row.intervals,
    calendars: row.calendars,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Control programs (028_scheduling.sql). */
export class ControlProgramRepository {
  constructor(private readonly db: Queryable) {}

  list(query: SchedulingListQuery, visible: ProjectScope): Promise<Page<StoredControlProgram>> {
    const filters = new Conditions();
    filters.inScope('project_id', visible);
    if (query.projectId) filters.add(`project_id = ${filters.param(query.projectId)}`);
    if (query.q) filters.add(`name ILIKE ${filters.param(likePattern(query.q))}`);
    return pageByName(this.db, { select: SELECT, from: 'control_programs p' }, query, filters, toProgram);
  }

  async get(id: string, visible: ProjectScope): Promise<StoredControlProgram | null> {
    const filters = new Conditions();
    filters.add(`id = ${filters.param(id)}`);
    filters.inScope('project_id', visible);
    const [row] = await this.db.query<ProgramRow>(`${SELECT} ${filters.where()}`, filters.params);
    return row ? toProgram(row) : null;
  }

  /** Inserts a program; a name the project has already fails on PROGRAM_NAME_INDEX. */
  async insert(projectId: string, program: ControlProgramEdit): Promise<StoredControlProgram> {
    const [row] = await this.db.query<ProgramRow>(
      `INSERT INTO control_programs (project_id, name, intervals) VALUES ($1, $2, $3::jsonb)
       RETURNING *, 0 AS calendars`,
      [projectId, program.name, JSON.stringify(program.intervals)],
    );
    return toProgram(row!);
  }

  /** Replaces a program's name and intervals; null when it is gone. */
  async update(id: string, program: ControlProgramEdit): Promise<StoredControlProgram | null> {
    const [row] = await this.db.query<{ id: string }>(
      `UPDATE control_programs SET name = $2, intervals = $3::jsonb, updated_at = clock_timestamp()
       WHERE id = $1 RETURNING id`,
      [id, program.name, JSON.stringify(program.intervals)],
    );
    return row ? this.get(id, ALL_PROJECTS) : null;
  }

  /** Deletes a program; fails on a PROGRAM_IN_CALENDAR key while a calendar names it. */
  async delete(id: string): Promise<boolean> {
    return (await this.db.query('DELETE FROM control_programs WHERE id = $1 RETURNING id', [id])).length > 0;
  }

  /** Which of `ids` are programs of this project. */
  async ofProject(projectId: string, ids: readonly string[]): Promise<Set<string>> {
    const rows = await this.db.query<{ id: string }>(
      'SELECT id FROM control_programs WHERE project_id = $1 AND id = ANY($2::uuid[])',
      [projectId, ids],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** These programs of this project, as stored (what a schedule sent to devices is built from). */
  async byIds(projectId: string, ids: readonly string[]): Promise<StoredControlProgram[]> {
    const rows = await this.db.query<ProgramRow>(`${SELECT} WHERE project_id = $1 AND id = ANY($2::uuid[])`, [
      projectId,
      ids,
    ]);
    return rows.map(toProgram);
  }
}
