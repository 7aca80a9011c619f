// What the lifecycle module offers other modules: the only file of it they import (lint: no-restricted-paths).
import type { ChangeOrigin, ChangeResults, LifecycleService } from './lifecycle.service';

export type { ChangeOrigin, ChangeResults, LifecycleService };

declare module '../../platform/services' {
  interface ServiceMap {
    lifecycle: LifecycleService;
  }
}
