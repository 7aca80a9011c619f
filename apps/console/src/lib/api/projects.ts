import { PAGE_LIMIT_MAX, pageSchema, ProjectSchema, type Project } from '@farola/protocol';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryKeys } from '@/lib/query/query-client';
import { apiGet } from './client';

const ProjectPageSchema = pageSchema(ProjectSchema);

/** Every project the caller sees, following the pages to the end. */
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

/** Every project the caller sees (cached under `queryKeys.allProjects`), with a name lookup by id. */
export function useAllProjects() {
  const query = useQuery({ queryKey: queryKeys.allProjects, queryFn: fetchAllProjects });
  const names = useMemo(() => new Map((query.data ?? []).map((project) => [project.id, project.name])), [query.data]);
  return { projects: query.data ?? [], names, isLoading: query.isPending };
}
