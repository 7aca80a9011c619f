// What the projects module offers other modules: the only file of it they import (lint: no-restricted-paths).
import type { ProjectService } from './project.service';

export type { ProjectService };

declare module '../../platform/services' {
  interface ServiceMap {
    /** Project visibility: which projects a user may see. */
    projects: ProjectService;
  }
}
