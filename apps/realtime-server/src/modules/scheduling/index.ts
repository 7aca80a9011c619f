import type { FarolaModule } from '../../platform/module';
import { CalendarRepository } from './calendar.repository';
import { ControlProgramRepository } from './control-program.repository';
import { estimateRoutes } from './estimate.routes';
import { GroupRepository } from './group.repository';
import { groupRoutes } from './group.routes';
import { GroupService } from './group.service';
import { PreviewThread } from './preview-thread';
import { ScheduleApply } from './schedule-apply';
import { ScheduleEstimates } from './schedule-estimates';
import { scheduleKind } from './schedule-kind';
import { calendarRoutes, controlProgramRoutes } from './scheduling.routes';
import { SchedulingService } from './scheduling.service';
import { talqRoutes } from './talq.routes';
import { TalqInterchange } from './talq.service';

/**
 * Control programs, calendars and groups (spec §2 Scheduling and Groups), each kept in one project,
 * and applying a group's schedule to its light points (the `schedule` job kind). One module, because
 * the §8 refusals bind them: a program a calendar or group runs, a calendar a group runs, are kept
 * from deletion by the keys between their tables.
 */
export const schedulingModule: FarolaModule = {
  name: 'scheduling',
  description: 'Control programs, calendars and groups',
  migrations: new URL('./migrations/', import.meta.url),
  setup: ({ db, services, events }) => {
    const projects = services.get('projects');
    const programs = new ControlProgramRepository(db);
    const calendars = new CalendarRepository(db);
    const scheduling = new SchedulingService({ programs, calendars, projects });
    const devices = services.get('devices');
    const groupRepository = new GroupRepository(db);
    const groups = new GroupService({ groups: groupRepository, projects, devices });
    events.on('DevicesMoved', ({ deviceIds, projectId }) => groups.forgetMoved(deviceIds, projectId));
    devices.listFilters.contribute({ param: 'groupId', narrow: (user, groupId) => groups.memberFilter(user, groupId) });
    const jobs = services.get('jobs');
    const requests = services.get('queuedRequests');
    const previews = new PreviewThread();
    jobs.register(scheduleKind({ index: devices.index, requests }));
    const apply = new ScheduleApply({
      groups: groupRepository,
      groupService: groups,
      calendars,
      programs,
      projects,
      devices,
      requests,
      jobs,
      previews,
    });
    return {
      routes: [
        ...controlProgramRoutes(scheduling),
        ...calendarRoutes(scheduling, apply),
        ...talqRoutes(new TalqInterchange({ db, programs, calendars, projects })),
        ...groupRoutes(groups, apply),
        ...estimateRoutes(new ScheduleEstimates({ groupService: groups, apply, devices, previews })),
      ],
      parts: [{ name: 'year previews', stop: () => previews.stop() }],
    };
  },
};
