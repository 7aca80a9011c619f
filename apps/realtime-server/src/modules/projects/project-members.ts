import type { ProjectPermission, ProjectRole } from '@farola/protocol';
import type { Queryable } from '../../db/database';
import { Conditions } from '../../db/rows';

/**
 * Who holds which role on which project (`project_members`): the projects module owns the table,
 * user management changes it through this (`projects.members`).
 */
export class ProjectMembers {
  constructor(private readonly db: Queryable) {}

  /** The user's permissions on the given projects (every project when `projectIds` is null), by project name. */
  async permissions(userId: string, projectIds: readonly string[] | null): Promise<ProjectPermission[]> {
    const filters = new Conditions();
    filters.add(`m.user_id = ${filters.param(userId)}`);
    if (projectIds) filters.add(`m.project_id = ANY(${filters.param(projectIds)}::uuid[])`);
    const rows = await this.db.query<{ project_id: string; name: string; role: ProjectRole }>(
      `SELECT m.project_id, p.name, m.role FROM project_members m JOIN projects p ON p.id = m.project_id
       ${filters.where()} ORDER BY p.name, p.id`,
      filters.params,
    );
    return rows.map((row) => ({ projectId: row.project_id, projectName: row.name, role: row.role }));
  }

  async roleOn(userId: string, projectId: string): Promise<ProjectRole | null> {
    const rows = await this.db.query<{ role: ProjectRole }>(
      'SELECT role FROM project_members WHERE user_id = $1 AND project_id = $2',
      [userId, projectId],
    );
    return rows[0]?.role ?? null;
  }

  async setRole(userId: string, projectId: string, role: ProjectRole): Promise<void> {
    await this.db.query(
      `INSERT INTO project_members (project_id, user_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (project_id, user_id) DO UPDATE SET role = $3`,
      [projectId, userId, role],
    );
  }

  /** Withdraws the permission; false when the user held none there. */
  async removeRole(userId: string, projectId: string): Promise<boolean> {
    const rows = await this.db.query(
      'DELETE FROM project_members WHERE user_id = $1 AND project_id = $2 RETURNING project_id',
      [userId, projectId],
    );
    return rows.length > 0;
  }

  /** Projects where the user holds 'admin', and all their descendants. */
  async administeredProjectIds(userId: string): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `WITH RECURSIVE administered AS (
         SELECT project_id AS id FROM project_members WHERE user_id = $1 AND role = 'admin'
         UNION SELECT p.id FROM projects p JOIN administered a ON p.parent_id = a.id)
       SELECT id FROM administered`,
      [userId],
    );
    return rows.map((row) => row.id);
  }

  /** Seeds a permission unless the user already holds one on the project (the demo's seed). */
  async seedRole(userId: string, projectId: string, role: ProjectRole): Promise<void> {
    await this.db.query(
      `INSERT INTO project_members (project_id, user_id, role)
       SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM projects WHERE id = $1)
       ON CONFLICT (project_id, user_id) DO NOTHING`,
      [projectId, userId, role],
    );
  }
}
