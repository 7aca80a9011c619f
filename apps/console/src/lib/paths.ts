/** The `:name` parameters of a route pattern, e.g. `'id' | 'subProjectId'` for `/projects/:id/:subProjectId`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Query values; undefined ones are left out. */
export type PathSearch = Record<string, string | undefined>;

/** A route's pattern (for the router) and the builder of its concrete paths (for links). */
export interface AppPath<P extends string> {
  readonly pattern: P;
  readonly build: [PathParamNames<P>] extends [never]
    ? (search?: PathSearch) => string
    : (params: Record<PathParamNames<P>, string>, search?: PathSearch) => string;
}

function withSearch(path: string, search: PathSearch | undefined): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search ?? {})) if (value !== undefined) query.set(key, value);
  return query.size > 0 ? `${path}?${query.toString()}` : path;
}

function appPath<P extends string>(pattern: P): AppPath<P> {
  const hasParams = pattern.includes(':');
  const build = (first?: Record<string, string> | PathSearch, second?: PathSearch) => {
    if (!hasParams) return withSearch(pattern, first);
    const params = (first ?? {}) as Record<string, string>;
    const path = pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
    return withSearch(path, second);
  };
  return { pattern, build } as AppPath<P>;
}

/**
 * Every path of the console (spec §2), in one place: the route table reads `pattern`, links and
 * navigation call `build`, so no path string is written twice.
 *
 * @example
 * navigate(paths.mapDevice.build({ id: device.id }, { tab: 'details' })); // '/map/devices/…?tab=details'
 */
export const paths = {
  home: appPath('/'),
  map: appPath('/map'),
  mapDevice: appPath('/map/devices/:id'),
  alarms: appPath('/alarms'),
  dashboard: appPath('/dashboard'),
  projects: appPath('/projects'),
  projectAdd: appPath('/projects/add'),
  project: appPath('/projects/:id'),
  subProject: appPath('/projects/:id/:subProjectId'),
  scheduling: appPath('/scheduling'),
  inventory: appPath('/inventory'),
  lightPoints: appPath('/inventory/light-points'),
  cabinetControllers: appPath('/inventory/cabinet-controllers'),
  importDevices: appPath('/inventory/import-devices'),
  importCabinetControllers: appPath('/inventory/import-cabinet-controllers'),
  importDevicesSummary: appPath('/inventory/import-devices-summary'),
  importCabinetControllersSummary: appPath('/inventory/import-cabinet-controllers-summary'),
  lightPointDevice: appPath('/inventory/light-points/devices/:id'),
  cabinetControllerDevice: appPath('/inventory/cabinet-controllers/devices/:id'),
  locateDevices: appPath('/inventory/locate-devices'),
  locateDevicesSummary: appPath('/locate-devices-summary'),
  cabinetControllersRebootSummary: appPath('/cabinet-controllers-reboot-summary'),
  /** A bulk action's per-item results, live while it runs (reboots have the route above, `?job=`). */
  bulkJob: appPath('/bulk-actions/:id'),
  queuedRequests: appPath('/queued-requests'),
  traceability: appPath('/traceability'),
  updateDownloads: appPath('/update-downloads'),
  cabinetUpdateDownloads: appPath('/update-downloads/cabinet-update-downloads'),
  downloadsSummary: appPath('/update-downloads/downloads-summary'),
  updatesSummary: appPath('/update-downloads/updates-summary'),
  users: appPath('/users'),
  unauthorized: appPath('/unauthorized'),
} as const;
