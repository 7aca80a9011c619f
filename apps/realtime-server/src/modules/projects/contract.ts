// What the projects module offers other modules: the only file of it they import (lint: no-restricted-paths).
import type { ProjectMembers } from './project-members';
import type { ProjectService } from './project.service';

export type { ProjectMembers, ProjectService };

declare module '../../platform/services' {
  interface ServiceMap {
    /** Project visibility: which projects a user may see. */
    projects: ProjectService;
  }
}
