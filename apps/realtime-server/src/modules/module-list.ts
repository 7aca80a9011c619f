import type { FarolaModule } from '../platform/module';
import { aboutModule } from './about';
import { bulkModule } from './bulk';
import { devicesModule } from './devices';
import { eventsModule } from './events';
import { historyModule } from './history';
import { jobsModule } from './jobs';
import { lifecycleModule } from './lifecycle';
import { photosModule } from './photos';
import { projectsModule } from './projects';
import { requestsModule } from './requests';
import { schedulingModule } from './scheduling';
import { usersModule } from './users';

/**
 * The server's features, in start order: a module may use the services of the modules above it,
 * and its background parts stop before theirs. Adding a feature is one folder and one line here.
 */
export const MODULES: readonly FarolaModule[] = [
  projectsModule,
  usersModule,
  eventsModule,
  devicesModule,
  requestsModule,
  lifecycleModule,
  jobsModule,
  bulkModule,
  historyModule,
  photosModule,
  schedulingModule,
  aboutModule,
];
