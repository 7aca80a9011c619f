import type { FarolaModule } from '../../platform/module';
import { CalendarRepository } from './calendar.repository';
import { ControlProgramRepository } from './control-program.repository';
import { GroupRepository } from './group.repository';
import { groupRoutes } from './group.routes';
import { GroupService } from './group.service';
import { calendarRoutes, controlProgramRoutes } from './scheduling.routes';
import { SchedulingService } from './scheduling.service';

/**
 * Control programs, calendars and groups (spec §2 Scheduling and Groups), each kept in one project.
 * One module, because the §8 refusals bind them: a program a calendar or group runs, a calendar a
 * group runs, are kept from deletion by the keys between their tables.
 */
export const schedulingModule: FarolaModule = {
  name: 'scheduling',
  description: 'Control programs, calendars and groups',
  migrations: new URL('./migrations/', import.meta.url),
  setup: ({ db, services, events }) => {
    const projects = services.get('projects');
    const scheduling = new SchedulingService({
      programs: new ControlProgramRepository(db),
      calendars: new CalendarRepository(db),
      projects,
    });
    const groups = new GroupService({ groups: new GroupRepository(db), projects, devices: services.get('devices') });
    events.on('DevicesMoved', ({ deviceIds, projectId }) => groups.forgetMoved(deviceIds, projectId));
    return { routes: [...controlProgramRoutes(scheduling), ...calendarRoutes(scheduling), ...groupRoutes(groups)] };
  },
};
