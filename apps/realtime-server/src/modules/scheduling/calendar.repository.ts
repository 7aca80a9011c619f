import type { CalendarEdit, CalendarRule, Page, SchedulingListQuery, StoredCalendar } from '@farola/protocol';
import type { Database, Queryable } from '../../db/database';
import { pageByName } from '../../db/name-page';
import { ALL_PROJECTS, Conditions, iso, isUniqueViolation, likePattern, type ProjectScope } from '../../db/rows';
import { type DefaultDeletion, deleteUnlessDefault } from './default-rows';

interface CalendarRow {
  id: string;
  project_id: string;
  name: string;
  astronomical: boolean;
  is_default: boolean;
  default_program_id: string | null;
  rules: CalendarRule[];
  created_at: Date;
  updated_at: Date;
}

/** The calendars with their rules in order. */
const SELECT = `SELECT c.*, coalesce((SELECT jsonb_agg(r.rule ORDER BY r.position) FROM calendar_rules r
    WHERE r.calendar_id = c.id), '[]'::jsonb) AS rules
  FROM calendars c`;

/** The unique index behind 'Calendar {name} already exists' (migration 028). */
export const CALENDAR_NAME_INDEX = 'calendars_name';
/** One default calendar per project (migration 028). */
export const ONE_DEFAULT_INDEX = 'calendars_one_default';

function toCalendar(row: CalendarRow): StoredCalendar {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    astronomical: row.astronomical,
    rules: row.rules,
    defaultProgramId: row.default_program_id,
    isDefault: row.is_default,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Calendars and their ordered rules (028_scheduling.sql). */
export class CalendarRepository {
  constructor(private readonly db: Database) {}

  list(query: SchedulingListQuery, visible: ProjectScope): Promise<Page<StoredCalendar>> {
    const filters = new Conditions();
    filters.inScope('project_id', visible);
    if (query.projectId) filters.add(`project_id = ${filters.param(query.projectId)}`);
    if (query.q) filters.add(`name ILIKE ${filters.param(likePattern(query.q))}`);
    return pageByName(this.db, { select: SELECT, from: 'calendars c' }, query, filters, toCalendar);
  }

  async get(id: string, visible: ProjectScope, db: Queryable = this.db): Promise<StoredCalendar | null> {
    const filters = new Conditions();
    filters.add(`id = ${filters.param(id)}`);
    filters.inScope('project_id', visible);
    const [row] = await db.query<CalendarRow>(`${SELECT} ${filters.where()}`, filters.params);
    return row ? toCalendar(row) : null;
  }

  /**
   * Inserts a calendar and its rules in one transaction. The project's first calendar becomes its
   * default; when another process makes a first calendar at the same moment, one of the two wins
   * the default (the index) and the other is stored as an ordinary calendar.
   */
  async insert(projectId: string, calendar: CalendarEdit): Promise<StoredCalendar> {
    try {
      return await this.insertAs(projectId, calendar, true);
    } catch (error) {
      if (!isUniqueViolation(error, ONE_DEFAULT_INDEX)) throw error;
      return this.insertAs(projectId, calendar, false);
    }
  }

  /** Replaces a calendar's content and rules; null when it is gone. */
  update(id: string, calendar: CalendarEdit): Promise<StoredCalendar | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ project_id: string }>(
        `UPDATE calendars SET name = $2, astronomical = $3, default_program_id = $4, updated_at = clock_timestamp()
         WHERE id = $1 RETURNING project_id`,
        [id, calendar.name, calendar.astronomical, calendar.defaultProgramId],
      );
      if (!row) return null;
      await tx.query('DELETE FROM calendar_rules WHERE calendar_id = $1', [id]);
      await insertRules(tx, id, row.project_id, calendar.rules);
      return this.get(id, ALL_PROJECTS, tx);
    });
  }

  /** A project's default calendar, or null when it has none yet. */
  async defaultOf(projectId: string): Promise<StoredCalendar | null> {
    const [row] = await this.db.query<CalendarRow>(`${SELECT} WHERE project_id = $1 AND is_default`, [projectId]);
    return row ? toCalendar(row) : null;
  }

  /** Deletes a calendar unless it is its project's default: 'deleted', 'default' or 'missing'. */
  delete(id: string): Promise<DefaultDeletion> {
    return deleteUnlessDefault(this.db, 'calendars', id);
  }

  /** Makes a calendar its project's default, in place of the one before; null when it is gone. */
  makeDefault(id: string): Promise<StoredCalendar | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ project_id: string }>(
        'SELECT project_id FROM calendars WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (!row) return null;
      await tx.query('UPDATE calendars SET is_default = false WHERE project_id = $1 AND is_default AND id <> $2', [
        row.project_id,
        id,
      ]);
      await tx.query('UPDATE calendars SET is_default = true WHERE id = $1', [id]);
      return this.get(id, ALL_PROJECTS, tx);
    });
  }

  /**
   * Inserts a calendar and its rules within a transaction the caller holds (an import of several).
   * With `firstIsDefault`, the project's first calendar becomes its default (`insert` says what
   * happens when two processes make one at once); a name the project has fails on CALENDAR_NAME_INDEX.
   */
  async insertIn(
    tx: Queryable,
    projectId: string,
    calendar: CalendarEdit,
    firstIsDefault = true,
  ): Promise<StoredCalendar> {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO calendars (project_id, name, astronomical, default_program_id, is_default)
       VALUES ($1, $2, $3, $4, $5 AND NOT EXISTS (SELECT 1 FROM calendars WHERE project_id = $1 AND is_default))
       RETURNING id`,
      [projectId, calendar.name, calendar.astronomical, calendar.defaultProgramId, firstIsDefault],
    );
    await insertRules(tx, row!.id, projectId, calendar.rules);
    return (await this.get(row!.id, ALL_PROJECTS, tx))!;
  }

  private insertAs(projectId: string, calendar: CalendarEdit, firstIsDefault: boolean): Promise<StoredCalendar> {
    return this.db.transaction((tx) => this.insertIn(tx, projectId, calendar, firstIsDefault));
  }
}

async function insertRules(tx: Queryable, calendarId: string, projectId: string, rules: readonly CalendarRule[]) {
  if (rules.length === 0) return;
  await tx.query(
    `INSERT INTO calendar_rules (calendar_id, project_id, position, program_id, rule)
     SELECT $1, $2, (r.n - 1)::int, (r.rule ->> 'programId')::uuid, r.rule
       FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS r(rule, n)`,
    [calendarId, projectId, JSON.stringify(rules)],
  );
}
