import { lazy, Suspense, type ReactNode } from 'react';
import type { DeviceType, Role } from '@farola/protocol';
import { useSignedInUser } from '@/lib/auth/user-context';
import { paths } from '@/lib/paths';
import { listBulkActions } from './bulk-selection-actions';
import { MapPage } from './map-preload';
import { ROUTE_ROLES } from './route-roles';

// Every screen is its own chunk, loaded when its route is first shown: the first screen carries
// only the shell and the page it opens on (build/first-screen-budget.ts keeps it in budget).
const HomePage = lazy(() => import('@/features/home/home-page').then((m) => ({ default: m.HomePage })));
// The map's selection lives in the fleet store, which loads with the map: so do its bulk actions.
const MapSelectionActions = lazy(() =>
  import('./map-selection-actions').then((m) => ({ default: m.MapSelectionActions })),
);
const DeviceDetailPanel = lazy(() =>
  import('@/features/device/device-detail-panel').then((m) => ({ default: m.DeviceDetailPanel })),
);
const AlarmsPage = lazy(() => import('@/features/alarms/alarms-page').then((m) => ({ default: m.AlarmsPage })));
const DashboardPage = lazy(() =>
  import('@/features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const SchedulingPage = lazy(() =>
  import('@/features/scheduling/scheduling-page').then((m) => ({ default: m.SchedulingPage })),
);
const TraceabilityPage = lazy(() =>
  import('@/features/traceability/traceability-page').then((m) => ({ default: m.TraceabilityPage })),
);
const projects = () => import('@/features/projects/projects-pages');
const ProjectsPage = lazy(() => projects().then((m) => ({ default: m.ProjectsPage })));
const ProjectAddPage = lazy(() => projects().then((m) => ({ default: m.ProjectAddPage })));
const ProjectDetailsPage = lazy(() => projects().then((m) => ({ default: m.ProjectDetailsPage })));
const SubProjectPage = lazy(() => projects().then((m) => ({ default: m.SubProjectPage })));
const inventory = () => import('@/features/inventory/inventory-pages');
const LightPointsPage = lazy(() => inventory().then((m) => ({ default: m.LightPointsPage })));
const CabinetControllersPage = lazy(() => inventory().then((m) => ({ default: m.CabinetControllersPage })));
const DeviceDetailsPage = lazy(() => inventory().then((m) => ({ default: m.DeviceDetailsPage })));
const BulkSummaryPage = lazy(() =>
  import('@/features/bulk/bulk-summary-page').then((m) => ({ default: m.BulkSummaryPage })),
);
const QueuedRequestsPage = lazy(() =>
  import('@/features/queued-requests/queued-requests-page').then((m) => ({ default: m.QueuedRequestsPage })),
);
const imports = () => import('@/features/imports/imports-pages');
const ImportDevicesPage = lazy(() => imports().then((m) => ({ default: m.ImportDevicesPage })));
const ImportCabinetControllersPage = lazy(() => imports().then((m) => ({ default: m.ImportCabinetControllersPage })));
const ImportDevicesSummaryPage = lazy(() => imports().then((m) => ({ default: m.ImportDevicesSummaryPage })));
const ImportCabinetControllersSummaryPage = lazy(() =>
  imports().then((m) => ({ default: m.ImportCabinetControllersSummaryPage })),
);
const LocateDevicesPage = lazy(() => imports().then((m) => ({ default: m.LocateDevicesPage })));
const LocateDevicesSummaryPage = lazy(() => imports().then((m) => ({ default: m.LocateDevicesSummaryPage })));
const UserManagementPage = lazy(() =>
  import('@/features/users/user-management-page').then((m) => ({ default: m.UserManagementPage })),
);
const updates = () => import('@/features/updates/updates-pages');
const UpdateDownloadsPage = lazy(() => updates().then((m) => ({ default: m.UpdateDownloadsPage })));
const DownloadsSummaryPage = lazy(() => updates().then((m) => ({ default: m.DownloadsSummaryPage })));
const UpdatesSummaryPage = lazy(() => updates().then((m) => ({ default: m.UpdatesSummaryPage })));

type Params = Record<string, string | undefined>;

/** One row of spec §2's route table: a screen, or a redirect to another path. */
export type AppRoute = {
  path: string;
  name: string;
  requiresRole: readonly Role[];
  /** Rows of one screen keep it mounted as the URL moves between them (the map under its device panel). */
  screen?: string;
  /**
   * Open only to those who may manage users: `admin`, or the administrator of a project (which
   * only the server knows: `GET /me`). Others are sent to /unauthorized, like a lacking role.
   */
  requiresUserManagement?: true;
} & ({ render: (params: Params) => ReactNode } | { redirectTo: string });

const R = ROUTE_ROLES;
const P = paths;

/**
 * The device detail view of an inventory list's device: a page of its own, whose tabs stay on
 * its route and whose breadcrumb (no close) leads back to the list.
 */
function inventoryDevice(
  kind: 'lightPoint' | 'cabinetController',
  device: typeof P.lightPointDevice | typeof P.cabinetControllerDevice,
) {
  return ({ id = '' }: Params) => (
    <DeviceDetailsPage
      key={id}
      kind={kind}
      panel={<DeviceDetailPanel deviceId={id} links={{ tab: (tab) => device.build({ id }, { tab }) }} />}
    />
  );
}

/**
 * An inventory list, whose device names lead to the device's page for users whose roles open it,
 * and to its panel on the map (open to all) for the others: never to Unauthorized.
 */
function InventoryList({ deviceType }: { deviceType: DeviceType }) {
  const user = useSignedInUser();
  const [List, page] =
    deviceType === 'cabinet-controller'
      ? [CabinetControllersPage, P.cabinetControllerDevice]
      : [LightPointsPage, P.lightPointDevice];
  const deviceHref = user.hasAnyRole(rolesOf(page.pattern))
    ? (id: string) => page.build({ id })
    : (id: string) => P.mapDevice.build({ id }, { tab: 'details' });
  return <List bulkActions={listBulkActions} deviceHref={deviceHref} />;
}

/** Shown in the map's selection bar; loaded apart, so nothing on the map waits for it. */
const mapSelectionActions = (
  <Suspense fallback={null}>
    <MapSelectionActions />
  </Suspense>
);

/** Spec §2's route table, in match order (fixed paths before parameterised siblings). */
export const ROUTES: readonly AppRoute[] = [
  { path: P.home.pattern, name: 'home', requiresRole: R.open, render: () => <HomePage /> },
  {
    path: P.map.pattern,
    name: 'Map',
    screen: 'map',
    requiresRole: R.open,
    render: () => <MapPage selectionActions={mapSelectionActions} />,
  },
  {
    path: P.mapDevice.pattern,
    name: 'DeviceDetailPanel',
    screen: 'map',
    requiresRole: R.open,
    render: ({ id = '' }) => (
      <MapPage
        selectionActions={mapSelectionActions}
        panel={
          <DeviceDetailPanel
            key={id}
            deviceId={id}
            links={{ close: P.map.build(), tab: (tab) => P.mapDevice.build({ id }, { tab }) }}
          />
        }
      />
    ),
  },
  { path: P.alarms.pattern, name: 'Alarms', requiresRole: R.alarms, render: () => <AlarmsPage /> },
  { path: P.dashboard.pattern, name: 'Dashboard', requiresRole: R.dashboard, render: () => <DashboardPage /> },
  { path: P.projects.pattern, name: 'ProjectManagement', requiresRole: R.projects, render: () => <ProjectsPage /> },
  { path: P.projectAdd.pattern, name: 'ProjectAdd', requiresRole: R.projects, render: () => <ProjectAddPage /> },
  { path: P.project.pattern, name: 'Project', requiresRole: R.projects, render: () => <ProjectDetailsPage /> },
  { path: P.subProject.pattern, name: 'SubProject', requiresRole: R.projects, render: () => <SubProjectPage /> },
  {
    path: P.scheduling.pattern,
    name: 'SchedulingManagement',
    requiresRole: R.scheduling,
    render: () => <SchedulingPage />,
  },
  { path: P.inventory.pattern, name: 'Inventory', requiresRole: R.inventoryLists, redirectTo: P.lightPoints.build() },
  ...inventoryRoutes(),
  {
    path: P.traceability.pattern,
    name: 'Traceability',
    requiresRole: R.traceability,
    render: () => <TraceabilityPage />,
  },
  ...updateRoutes(),
  {
    path: P.users.pattern,
    name: 'UserManagement',
    requiresRole: R.open,
    requiresUserManagement: true,
    render: () => <UserManagementPage />,
  },
  {
    path: P.bulkJob.pattern,
    name: 'BulkActionSummary',
    requiresRole: R.inventoryLists,
    render: ({ id }) => <BulkSummaryPage jobId={id} />,
  },
  {
    path: P.queuedRequests.pattern,
    name: 'QueuedRequests',
    requiresRole: R.open,
    render: () => <QueuedRequestsPage />,
  },
];

function inventoryRoutes(): AppRoute[] {
  return [
    {
      path: P.lightPoints.pattern,
      name: 'LightPoints',
      requiresRole: R.inventoryLists,
      render: () => <InventoryList deviceType="light-point-controller" />,
    },
    {
      path: P.cabinetControllers.pattern,
      name: 'CabinetControllers',
      requiresRole: R.inventoryLists,
      render: () => <InventoryList deviceType="cabinet-controller" />,
    },
    {
      path: P.importDevices.pattern,
      name: 'Import devices',
      requiresRole: R.deviceFiles,
      render: () => <ImportDevicesPage />,
    },
    {
      path: P.importCabinetControllers.pattern,
      name: 'Import cabinet controllers',
      requiresRole: R.deviceFiles,
      render: () => <ImportCabinetControllersPage />,
    },
    {
      path: P.importDevicesSummary.pattern,
      name: 'ImportDevicesSummary',
      requiresRole: R.deviceFiles,
      render: () => <ImportDevicesSummaryPage />,
    },
    {
      path: P.importCabinetControllersSummary.pattern,
      name: 'ImportCabinetControllersSummary',
      requiresRole: R.deviceFiles,
      render: () => <ImportCabinetControllersSummaryPage />,
    },
    {
      path: P.lightPointDevice.pattern,
      name: 'LightPointDetails',
      requiresRole: R.deviceFiles,
      render: inventoryDevice('lightPoint', P.lightPointDevice),
    },
    {
      path: P.cabinetControllerDevice.pattern,
      name: 'CabinetControllerDetails',
      requiresRole: R.deviceFiles,
      render: inventoryDevice('cabinetController', P.cabinetControllerDevice),
    },
    {
      path: P.locateDevices.pattern,
      name: 'Locate devices',
      requiresRole: R.deviceFiles,
      render: () => <LocateDevicesPage />,
    },
    {
      path: P.locateDevicesSummary.pattern,
      name: 'Locate devices summary',
      requiresRole: R.deviceFiles,
      render: () => <LocateDevicesSummaryPage />,
    },
    {
      path: P.cabinetControllersRebootSummary.pattern,
      name: 'Cabinet controllers reboot summary',
      requiresRole: R.bulkUpdates,
      render: () => <BulkSummaryPage reboot />,
    },
  ];
}

function updateRoutes(): AppRoute[] {
  return [
    {
      path: P.updateDownloads.pattern,
      name: 'Update Downloads',
      requiresRole: R.open,
      redirectTo: P.cabinetUpdateDownloads.build(),
    },
    {
      path: P.cabinetUpdateDownloads.pattern,
      name: 'Update downloads',
      requiresRole: R.bulkUpdates,
      render: () => <UpdateDownloadsPage />,
    },
    {
      path: P.downloadsSummary.pattern,
      name: 'Dowloads summary',
      requiresRole: R.bulkUpdates,
      render: () => <DownloadsSummaryPage />,
    },
    {
      path: P.updatesSummary.pattern,
      name: 'Updates summary',
      requiresRole: R.bulkUpdates,
      render: () => <UpdatesSummaryPage />,
    },
  ];
}

/** The roles of the route at `path`, for showing navigation links only to users who may follow them. */
export function rolesOf(path: string): readonly Role[] {
  return ROUTES.find((route) => route.path === path)?.requiresRole ?? [];
}
