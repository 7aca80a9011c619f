import type { Project } from '@farola/protocol';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useMe } from '@/lib/api/me';
import { queryKeys } from '@/lib/query/query-client';
import { fetchAllProjects } from '@/lib/api/projects';

export interface ProjectOption {
  id: string;
  /** The project's name; a subproject's is preceded by its parent's ('Demo city / Old town'). */
  label: string;
}

/** The projects whose permissions the caller may manage, by label, subprojects under their parents. */
export function administeredProjectOptions(
  projects: readonly Project[],
  administeredIds: readonly string[],
  language?: string,
): ProjectOption[] {
  const byId = new Map(projects.map((project) => [project.id, project]));
  const labelOf = (project: Project): string => {
    const parent = project.parentId === null ? undefined : byId.get(project.parentId);
    return parent ? `${labelOf(parent)} / ${project.name}` : project.name;
  };
  const administered = new Set(administeredIds);
  return projects
    .filter((project) => administered.has(project.id))
    .map((project) => ({ id: project.id, label: labelOf(project) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/** The caller's administered projects as select options, with the state of the two reads behind them. */
export function useAdministeredProjects(language?: string) {
  const me = useMe();
  const projects = useQuery({ queryKey: queryKeys.allProjects, queryFn: fetchAllProjects });
  const administeredIds = me.data?.administeredProjectIds;
  const options = useMemo(
    () => administeredProjectOptions(projects.data ?? [], administeredIds ?? [], language),
    [projects.data, administeredIds, language],
  );
  return {
    options,
    isLoading: me.isPending || projects.isPending,
    isFailed: me.isError || projects.isError,
  };
}
