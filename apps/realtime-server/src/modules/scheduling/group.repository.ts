import type { DeviceGroup, GroupEdit, OperateMode, Page, Schedule, SchedulingListQuery } from '@farola/protocol';
import type { Database } from '../../db/database';
import { pageByName } from '../../db/name-page';
import { ALL_PROJECTS, Conditions, iso, likePattern, type ProjectScope } from '../../db/rows';
import type { DeviceCondition } from '../devices/contract';
import { type DefaultDeletion, deleteUnlessDefault } from './default-rows';

interface GroupRow {
  id: string;
  project_id: string;
  name: string;
  is_default: boolean;
  calendar_id: string | null;
  program_id: string | null;
  operate_mode: OperateMode | null;
  created_at: Date;
  updated_at: Date;
  /** Rows in group_members (for the default group: devices taken out of it are not here). */
  listed: number;
}

/** A group's last apply: the job that sent it and the schedule it compiled to. */
export interface GroupApply {
  jobId: string;
  schedule: Schedule;
  appliedAt: string;
}

/** The default group's stored name; the console shows its own translation for it. */
export const DEFAULT_GROUP_NAME = 'Default group';

const SELECT = `SELECT g.*, (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id) AS listed
  FROM device_groups g`;

/** The unique index behind 'Group {name} already exists' (migration 029). */
export const GROUP_NAME_INDEX = 'device_groups_name';
/** The foreign keys that refuse deleting what a group runs, and a group with members (migration 029). */
export const GROUP_KEYS = {
  calendar: 'device_groups_calendar',
  program: 'device_groups_program',
  members: 'group_members_group',
} as const;

/** A group as stored; `members` is filled by the service, which knows the default group's devices. */
export type StoredGroup = Omit<DeviceGroup, 'members'> & { listed: number };

function toGroup(row: GroupRow): StoredGroup {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    isDefault: row.is_default,
    calendarId: row.calendar_id,
    programId: row.program_id,
    operateMode: row.operate_mode,
    listed: row.listed,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * The inventory's `groupId` filter: the devices of the group's project that a row puts in it, or
 * for a default group those that no row of their project puts elsewhere. A row left behind by a
 * move to another project is not membership (the project comparison). Both read indexes: a named
 * group's rows by `group_members_group_idx`, a device's row by the table's key, a project's devices
 * by `devices_project`.
 */
export function memberCondition(group: Pick<StoredGroup, 'id' | 'projectId' | 'isDefault'>): DeviceCondition {
  return (filters, device) => {
    const project = filters.param(group.projectId);
    filters.add(`${device.projectId} = ${project}::uuid`);
    filters.add(
      group.isDefault
        ? `NOT EXISTS (SELECT 1 FROM group_members m WHERE m.device_id = ${device.id} AND m.project_id = ${project}::uuid)`
        : `${device.id} IN (SELECT m.device_id FROM group_members m WHERE m.group_id = ${filters.param(group.id)}::uuid)`,
    );
  };
}

/** Groups and the devices put in them (029_groups.sql). */
export class GroupRepository {
  constructor(private readonly db: Database) {}

  /**
   * Makes the default group of each of these projects that has none yet. Idempotent and safe when
   * two processes do it at once (the index admits one default per project).
   */
  async ensureDefaults(projectIds: readonly string[]): Promise<void> {
    if (projectIds.length === 0) return;
    await this.db.query(
      `INSERT INTO device_groups (project_id, name, is_default)
       SELECT p, $2, true FROM unnest($1::uuid[]) AS p
       ON CONFLICT (project_id) WHERE is_default DO NOTHING`,
      [projectIds, DEFAULT_GROUP_NAME],
    );
  }

  list(query: SchedulingListQuery, visible: ProjectScope): Promise<Page<StoredGroup>> {
    const filters = new Conditions();
    filters.inScope('project_id', visible);
    if (query.projectId) filters.add(`project_id = ${filters.param(query.projectId)}`);
    if (query.q) filters.add(`name ILIKE ${filters.param(likePattern(query.q))}`);
    return pageByName(this.db, { select: SELECT, from: 'device_groups g' }, query, filters, toGroup);
  }

  async get(id: string, visible: ProjectScope): Promise<StoredGroup | null> {
    const filters = new Conditions();
    filters.add(`id = ${filters.param(id)}`);
    filters.inScope('project_id', visible);
    const [row] = await this.db.query<GroupRow>(`${SELECT} ${filters.where()}`, filters.params);
    return row ? toGroup(row) : null;
  }

  /** Every group of a project (a project has tens of groups, not thousands). */
  async inProject(projectId: string): Promise<StoredGroup[]> {
    const rows = await this.db.query<GroupRow>(`${SELECT} WHERE project_id = $1 ORDER BY lower(name)`, [projectId]);
    return rows.map(toGroup);
  }

  async defaultOf(projectId: string): Promise<StoredGroup | null> {
    const [row] = await this.db.query<GroupRow>(`${SELECT} WHERE project_id = $1 AND is_default`, [projectId]);
    return row ? toGroup(row) : null;
  }

  async insert(projectId: string, group: GroupEdit): Promise<StoredGroup> {
    const [row] = await this.db.query<GroupRow>(
      `INSERT INTO device_groups (project_id, name, calendar_id, program_id, operate_mode)
       VALUES ($1, $2, $3, $4, $5) RETURNING *, 0 AS listed`,
      [projectId, group.name, group.calendarId, group.programId, group.operateMode ?? null],
    );
    return toGroup(row!);
  }

  /** Saves a group; the default group keeps its name. Null when it is gone. */
  async update(id: string, group: GroupEdit): Promise<StoredGroup | null> {
    const [row] = await this.db.query<{ id: string }>(
      `UPDATE device_groups SET name = CASE WHEN is_default THEN name ELSE $2 END, calendar_id = $3,
         program_id = $4, operate_mode = $5, updated_at = clock_timestamp()
       WHERE id = $1 RETURNING id`,
      [id, group.name, group.calendarId, group.programId, group.operateMode ?? null],
    );
    return row ? this.get(id, ALL_PROJECTS) : null;
  }

  /** Deletes a group other than a default one: 'deleted', 'default' or 'missing'; fails on GROUP_KEYS.members while it has members. */
  delete(id: string): Promise<DefaultDeletion> {
    return deleteUnlessDefault(this.db, 'device_groups', id);
  }

  /**
   * Puts devices of the group's project in it, in one statement: into the default group by removing
   * their rows, into another by writing them. Returns the devices whose group changed.
   */
  async putMembers(group: StoredGroup, deviceIds: readonly string[]): Promise<string[]> {
    const rows = group.isDefault
      ? await this.db.query<{ device_id: string }>(
          'DELETE FROM group_members WHERE device_id = ANY($1::uuid[]) AND project_id = $2 RETURNING device_id',
          [deviceIds, group.projectId],
        )
      : await this.db.query<{ device_id: string }>(
          `INSERT INTO group_members (device_id, group_id, project_id)
           SELECT d, $2, $3 FROM unnest($1::uuid[]) AS d
           ON CONFLICT (device_id) DO UPDATE SET group_id = excluded.group_id, project_id = excluded.project_id
             WHERE group_members.group_id IS DISTINCT FROM excluded.group_id
           RETURNING device_id`,
          [deviceIds, group.id, group.projectId],
        );
    return rows.map((row) => row.device_id);
  }

  /** The group of each of these devices that is in a group other than a default one (rows of their current project only). */
  async explicitGroups(devices: readonly { id: string; projectId: string }[]): Promise<Map<string, string>> {
    const rows = await this.db.query<{ device_id: string; group_id: string }>(
      `SELECT m.device_id, m.group_id FROM group_members m
         JOIN unnest($1::uuid[], $2::uuid[]) AS d(id, project_id) ON d.id = m.device_id AND d.project_id = m.project_id`,
      [devices.map((device) => device.id), devices.map((device) => device.projectId)],
    );
    return new Map(rows.map((row) => [row.device_id, row.group_id]));
  }

  /** The devices a row puts in another group than their project's default: all of the project's, or one group's. */
  async listedDevices(projectId: string, groupId?: string): Promise<Set<string>> {
    const rows = await this.db.query<{ device_id: string }>(
      `SELECT device_id FROM group_members WHERE project_id = $1 ${groupId ? 'AND group_id = $2' : ''}`,
      groupId ? [projectId, groupId] : [projectId],
    );
    return new Set(rows.map((row) => row.device_id));
  }

  /** How many devices of the project have a row (are in a group other than the default). */
  async listedIn(projectId: string): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM group_members WHERE project_id = $1',
      [projectId],
    );
    return row?.n ?? 0;
  }

  /** Forgets the rows of devices that moved to another project: they are in its default group now. */
  async forgetMoved(deviceIds: readonly string[], projectId: string): Promise<void> {
    await this.db.query('DELETE FROM group_members WHERE device_id = ANY($1::uuid[]) AND project_id <> $2', [
      deviceIds,
      projectId,
    ]);
  }

  /** Keeps the schedule a group was just applied with, and the job that sends it (030_group_applies.sql). */
  async recordApply(groupId: string, jobId: string, schedule: Schedule): Promise<void> {
    await this.db.query(
      `INSERT INTO group_applies (group_id, job_id, schedule) VALUES ($1, $2, $3)
       ON CONFLICT (group_id) DO UPDATE SET job_id = EXCLUDED.job_id, schedule = EXCLUDED.schedule,
         applied_at = clock_timestamp()`,
      [groupId, jobId, JSON.stringify(schedule)],
    );
  }

  /** The last apply of each of these groups that has been applied. */
  async appliesOf(groupIds: readonly string[]): Promise<Map<string, GroupApply>> {
    if (groupIds.length === 0) return new Map();
    const rows = await this.db.query<{ group_id: string; job_id: string; schedule: Schedule; applied_at: Date }>(
      'SELECT group_id, job_id, schedule, applied_at FROM group_applies WHERE group_id = ANY($1::uuid[])',
      [groupIds],
    );
    return new Map(
      rows.map((row) => [row.group_id, { jobId: row.job_id, schedule: row.schedule, appliedAt: iso(row.applied_at) }]),
    );
  }
}
