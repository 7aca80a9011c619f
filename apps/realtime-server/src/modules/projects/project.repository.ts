import type { Page, Project, ProjectListQuery } from '@farola/protocol';
import type { Queryable } from '../../db/database';
import { pageByName } from '../../db/name-page';
import { Conditions, iso, likePattern, type ProjectScope } from '../../db/rows';

interface ProjectRow {
  id: string;
  name: string;
  parent_id: string | null;
  created_at: Date;
  client_info: string | null;
  logo_url: string | null;
  support_email: string | null;
}

function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    parentId: row.parent_id,
    createdAt: iso(row.created_at),
    clientInfo: row.client_info,
    logoUrl: row.logo_url,
    supportEmail: row.support_email,
  };
}

export class ProjectRepository {
  constructor(private readonly db: Queryable) {}

  async allIds(): Promise<string[]> {
    return (await this.db.query<{ id: string }>('SELECT id FROM projects')).map((row) => row.id);
  }

  /** Projects the user is a member of, and all their descendants. */
  async idsForMember(userId: string): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `WITH RECURSIVE visible AS (
         SELECT project_id AS id FROM project_members WHERE user_id = $1
         UNION SELECT p.id FROM projects p JOIN visible v ON p.parent_id = v.id)
       SELECT id FROM visible`,
      [userId],
    );
    return rows.map((row) => row.id);
  }

  async exists(id: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM projects WHERE id = $1', [id])).length > 0;
  }

  async get(id: string, visible: ProjectScope): Promise<Project | null> {
    const filters = new Conditions();
    filters.add(`id = ${filters.param(id)}`);
    filters.inScope('id', visible);
    const rows = await this.db.query<ProjectRow>(`SELECT * FROM projects ${filters.where()}`, filters.params);
    return rows[0] ? toProject(rows[0]) : null;
  }

  /** Sorted by name (then id) with a keyset cursor; `sort=-name` reverses. */
  list(query: ProjectListQuery, visible: ProjectScope): Promise<Page<Project>> {
    const filters = new Conditions();
    filters.inScope('id', visible);
    if (query.q) filters.add(`name ILIKE ${filters.param(likePattern(query.q))}`);
    return pageByName(this.db, { select: 'SELECT * FROM projects', from: 'projects' }, query, filters, toProject);
  }
}
