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
  const screen = (path: string, name: string, requiresRole: readonly Role[], render: () => ReactNode): AppRoute => ({
    path,
    name,
    requiresRole,
    render,
  });
  return [
    screen('/inventory/light-points', 'LightPoints', R.inventoryLists, () => <Inventory.LightPointsPage />),
    screen('/inventory/cabinet-controllers', 'CabinetControllers', R.inventoryLists, () => (
      <Inventory.CabinetControllersPage />
    )),
    screen('/inventory/import-devices', 'Import devices', R.deviceFiles, () => <Imports.ImportDevicesPage />),
    screen('/inventory/import-cabinet-controllers', 'Import cabinet controllers', R.deviceFiles, () => (
      <Imports.ImportCabinetControllersPage />
    )),
    screen('/inventory/import-devices-summary', 'ImportDevicesSummary', R.deviceFiles, () => (
      <Imports.ImportDevicesSummaryPage />
    )),
    screen('/inventory/import-cabinet-controllers-summary', 'ImportCabinetControllersSummary', R.deviceFiles, () => (
      <Imports.ImportCabinetControllersSummaryPage />
    )),
    screen('/inventory/light-points/devices/:id', 'LightPointDetails', R.deviceFiles, () => (
      <Inventory.LightPointDetailsPage />
    )),
    screen('/inventory/cabinet-controllers/devices/:id', 'CabinetControllerDetails', R.deviceFiles, () => (
      <Inventory.CabinetControllerDetailsPage />
    )),
    screen('/inventory/locate-devices', 'Locate devices', R.deviceFiles, () => <Imports.LocateDevicesPage />),
    screen('/locate-devices-summary', 'Locate devices summary', R.deviceFiles, () => (
      <Imports.LocateDevicesSummaryPage />
    )),
    screen('/cabinet-controllers-reboot-summary', 'Cabinet controllers reboot summary', R.bulkUpdates, () => (
      <Inventory.CabinetControllersRebootSummaryPage />
    )),
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
