import { PAGE_LIMIT_MAX, pageSchema, ProjectSchema, type Project } from '@farola/protocol';
import { apiGet } from './client';

const ProjectPageSchema = pageSchema(ProjectSchema);

/** Every project the caller sees, following the pages to the end (user management, the map's project filter). */
export async function fetchAllProjects(): Promise<Project[]> {
  const projects: Project[] = [];
  let cursor: string | undefined;
  do {
    const page = await apiGet('projects', ProjectPageSchema, { limit: PAGE_LIMIT_MAX, cursor });
    projects.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return projects;
}
