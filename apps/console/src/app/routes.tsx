import type { ReactNode } from 'react';
import type { Role } from '@farola/protocol';
import { DeviceDetailPanel } from '@/features/device/device-detail-panel';
import { AlarmsPage } from '@/features/alarms/alarms-page';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { HomePage } from '@/features/home/home-page';
import * as Imports from '@/features/imports/imports-pages';
import * as Inventory from '@/features/inventory/inventory-pages';
import { MapPage } from '@/features/map/map-page';
import * as Projects from '@/features/projects/projects-pages';
import { SchedulingPage } from '@/features/scheduling/scheduling-page';
import { TraceabilityPage } from '@/features/traceability/traceability-page';
import * as Updates from '@/features/updates/updates-pages';
import { ROUTE_ROLES } from './route-roles';

type Params = Record<string, string | undefined>;

/** One row of spec §2's route table: a screen, or a redirect to another path. */
export type AppRoute = {
  path: string;
  name: string;
  requiresRole: readonly Role[];
  /** Rows of one screen keep it mounted as the URL moves between them (the map under its device panel). */
  screen?: string;
} & ({ render: (params: Params) => ReactNode } | { redirectTo: string });

const R = ROUTE_ROLES;

/** Spec §2's route table, in match order (fixed paths before parameterised siblings). */
export const ROUTES: readonly AppRoute[] = [
  { path: '/', name: 'home', requiresRole: R.open, render: () => <HomePage /> },
  { path: '/map', name: 'Map', screen: 'map', requiresRole: R.open, render: () => <MapPage /> },
  {
    path: '/map/devices/:id',
    name: 'DeviceDetailPanel',
    screen: 'map',
    requiresRole: R.open,
    render: ({ id = '' }) => <MapPage panel={<DeviceDetailPanel key={id} deviceId={id} />} />,
  },
  { path: '/alarms', name: 'Alarms', requiresRole: R.alarms, render: () => <AlarmsPage /> },
  { path: '/dashboard', name: 'Dashboard', requiresRole: R.dashboard, render: () => <DashboardPage /> },
  { path: '/projects', name: 'ProjectManagement', requiresRole: R.projects, render: () => <Projects.ProjectsPage /> },
  { path: '/projects/add', name: 'ProjectAdd', requiresRole: R.projects, render: () => <Projects.ProjectAddPage /> },
  { path: '/projects/:id', name: 'Project', requiresRole: R.projects, render: () => <Projects.ProjectDetailsPage /> },
  {
    path: '/projects/:id/:subProjectId',
    name: 'SubProject',
    requiresRole: R.projects,
    render: () => <Projects.SubProjectPage />,
  },
  { path: '/scheduling', name: 'SchedulingManagement', requiresRole: R.scheduling, render: () => <SchedulingPage /> },
  { path: '/inventory', name: 'Inventory', requiresRole: R.inventoryLists, redirectTo: '/inventory/light-points' },
  ...inventoryRoutes(),
  { path: '/traceability', name: 'Traceability', requiresRole: R.traceability, render: () => <TraceabilityPage /> },
  ...updateRoutes(),
];

function inventoryRoutes(): AppRoute[] {
  return [
    {
      path: '/inventory/light-points',
      name: 'LightPoints',
      requiresRole: R.inventoryLists,
      render: () => <Inventory.LightPointsPage />,
    },
    {
      path: '/inventory/cabinet-controllers',
      name: 'CabinetControllers',
      requiresRole: R.inventoryLists,
      render: () => <Inventory.CabinetControllersPage />,
    },
    {
      path: '/inventory/import-devices',
      name: 'Import devices',
      requiresRole: R.deviceFiles,
      render: () => <Imports.ImportDevicesPage />,
    },
    {
      path: '/inventory/import-cabinet-controllers',
      name: 'Import cabinet controllers',
      requiresRole: R.deviceFiles,
      render: () => <Imports.ImportCabinetControllersPage />,
    },
    {
      path: '/inventory/import-devices-summary',
      name: 'ImportDevicesSummary',
      requiresRole: R.deviceFiles,
      render: () => <Imports.ImportDevicesSummaryPage />,
    },
    {
      path: '/inventory/import-cabinet-controllers-summary',
      name: 'ImportCabinetControllersSummary',
      requiresRole: R.deviceFiles,
      render: () => <Imports.ImportCabinetControllersSummaryPage />,
    },
    {
      path: '/inventory/light-points/devices/:id',
      name: 'LightPointDetails',
      requiresRole: R.deviceFiles,
      render: () => <Inventory.LightPointDetailsPage />,
    },
    {
      path: '/inventory/cabinet-controllers/devices/:id',
      name: 'CabinetControllerDetails',
      requiresRole: R.deviceFiles,
      render: () => <Inventory.CabinetControllerDetailsPage />,
    },
    {
      path: '/inventory/locate-devices',
      name: 'Locate devices',
      requiresRole: R.deviceFiles,
      render: () => <Imports.LocateDevicesPage />,
    },
    {
      path: '/locate-devices-summary',
      name: 'Locate devices summary',
      requiresRole: R.deviceFiles,
      render: () => <Imports.LocateDevicesSummaryPage />,
    },
    {
      path: '/cabinet-controllers-reboot-summary',
      name: 'Cabinet controllers reboot summary',
      requiresRole: R.bulkUpdates,
      render: () => <Inventory.CabinetControllersRebootSummaryPage />,
    },
  ];
}

function updateRoutes(): AppRoute[] {
  return [
    {
      path: '/update-downloads',
      name: 'Update Downloads',
      requiresRole: R.open,
      redirectTo: '/update-downloads/cabinet-update-downloads',
    },
    {
      path: '/update-downloads/cabinet-update-downloads',
      name: 'Update downloads',
      requiresRole: R.bulkUpdates,
      render: () => <Updates.UpdateDownloadsPage />,
    },
    {
      path: '/update-downloads/downloads-summary',
      name: 'Dowloads summary',
      requiresRole: R.bulkUpdates,
      render: () => <Updates.DownloadsSummaryPage />,
    },
    {
      path: '/update-downloads/updates-summary',
      name: 'Updates summary',
      requiresRole: R.bulkUpdates,
      render: () => <Updates.UpdatesSummaryPage />,
    },
  ];
}

/** The roles of the route at `path`, for showing navigation links only to users who may follow them. */
export function rolesOf(path: string): readonly Role[] {
  return ROUTES.find((route) => route.path === path)?.requiresRole ?? [];
}
