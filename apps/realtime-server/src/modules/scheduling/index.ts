import type { FarolaModule } from '../../platform/module';
import { CalendarRepository } from './calendar.repository';
import { ControlProgramRepository } from './control-program.repository';
import { calendarRoutes, controlProgramRoutes } from './scheduling.routes';
import { SchedulingService } from './scheduling.service';

/** Control programs and calendars (spec §2 Scheduling), each kept in one project. */
export const schedulingModule: FarolaModule = {
  name: 'scheduling',
  description: 'Control programs and calendars',
  migrations: new URL('./migrations/', import.meta.url),
  setup: ({ db, services }) => {
    const scheduling = new SchedulingService({
      programs: new ControlProgramRepository(db),
      calendars: new CalendarRepository(db),
      projects: services.get('projects'),
    });
    return { routes: [...controlProgramRoutes(scheduling), ...calendarRoutes(scheduling)] };
  },
};
