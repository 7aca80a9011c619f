import { QueryClient } from '@tanstack/react-query';

/**
 * The console's one server-state cache (TanStack Query): lists and details are read with
 * `useQuery`/`useInfiniteQuery` under the keys below, kept live by `followLiveCollection`
 * (which writes socket updates into the cache) and invalidated after commands.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Live data arrives over the socket; refetching on focus would only repeat it.
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      retry: 1,
    },
  },
});

/** Every query key, in one place, so a feature invalidates exactly what another reads. */
export const queryKeys = {
  /** The caller as the server sees it (`GET /me`): roles, visible and administered projects. */
  me: ['me'] as const,
  device: (deviceId: string) => ['device', deviceId] as const,
  deviceEvents: (deviceId: string) => ['device', deviceId, 'events'] as const,
  deviceRequests: (deviceId: string) => ['device', deviceId, 'requests'] as const,
  /** An inventory list, by its `GET /devices` query. */
  deviceList: (query: object) => ['devices', 'list', query] as const,
  /** Every inventory list (read again when what they filter on changes, e.g. a device's group). */
  deviceLists: ['devices', 'list'] as const,
  /** The queued requests screen, by its `GET /queued-requests` query. */
  queuedRequests: (query: object) => ['queued-requests', query] as const,
  bulkJob: (jobId: string) => ['bulk-actions', jobId] as const,
  bulkJobItems: (jobId: string, outcome: string) => ['bulk-actions', jobId, 'items', outcome] as const,
  deviceHistory: (deviceId: string) => ['device', deviceId, 'history'] as const,
  devicePhotos: (deviceId: string) => ['device', deviceId, 'photos'] as const,
  userSearch: (q: string) => ['users', 'search', q] as const,
  userPermissions: (userId: string) => ['users', 'permissions', userId] as const,
  /** Every project the caller sees, all pages (names for pickers). */
  allProjects: ['projects', 'all'] as const,
  /** A project's control programs, by the list's query. */
  controlPrograms: (query: object) => ['control-programs', query] as const,
  /** Every control program of a project (a calendar's choices). */
  allControlPrograms: (projectId: string) => ['control-programs', 'all', projectId] as const,
  /** A project's calendars, by the list's query. */
  calendars: (query: object) => ['calendars', query] as const,
  /** Every calendar of a project (a group's choices). */
  allCalendars: (projectId: string) => ['calendars', 'all', projectId] as const,
  /** A project's groups, by the list's query. */
  groups: (query: object) => ['groups', query] as const,
  /** Every group the caller sees, all pages (the inventory's group filter, 'Change group'). */
  allGroups: ['groups', 'all'] as const,
  scheduleJob: (jobId: string) => ['schedule-jobs', jobId] as const,
};
