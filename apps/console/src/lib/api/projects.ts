import { pageSchema, ProjectSchema, type Project } from '@farola/protocol';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryKeys } from '@/lib/query/query-client';
import { apiGetEveryPage } from './client';

const ProjectPageSchema = pageSchema(ProjectSchema);

/** Every project the caller sees, following the pages to the end. */
export function fetchAllProjects(): Promise<Project[]> {
  return apiGetEveryPage('projects', ProjectPageSchema);
}

/** Every project the caller sees (cached under `queryKeys.allProjects`), with a name lookup by id. */
export function useAllProjects() {
  const query = useQuery({ queryKey: queryKeys.allProjects, queryFn: fetchAllProjects });
  const names = useMemo(() => new Map((query.data ?? []).map((project) => [project.id, project.name])), [query.data]);
  return { projects: query.data ?? [], names, isLoading: query.isPending };
}
