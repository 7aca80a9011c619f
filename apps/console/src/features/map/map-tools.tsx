import {
  Button,
  makeStyles,
  Menu,
  MenuButton,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  ToggleButton,
  tokens,
  Tooltip,
  type MenuProps,
} from '@fluentui/react-components';
import {
  CopyRegular,
  CursorClickRegular,
  FilterRegular,
  SelectObjectRegular,
  ZoomFitRegular,
} from '@fluentui/react-icons';
import { VENDOR_LABELS, type DeviceStatus, type DeviceType, type Vendor } from '@farola/protocol';
import { useQuery } from '@tanstack/react-query';
import { useAtom, useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAllProjects } from '@/lib/api/projects';
import { fleetFilterAtom, fleetSizeAtom } from './fleet-atoms';
import { fleetStore, KINDS, NO_FILTER, STATUSES, VENDORS, type FleetFilter } from './fleet-store';
import { queryKeys } from '@/lib/query/query-client';
import { showDefaultView } from './fit-fleet';
import { leafletMapAtom, mapToolAtom, type MapTool } from './map-state';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
  },
});

const KIND_LABELS: Record<DeviceType, string> = {
  'light-point-controller': 'device:deviceType.lightPoint',
  'cabinet-controller': 'device:deviceType.cabinet',
};

/** The menu's checked values per group, from the filter (an empty group: no filter). */
function checkedOf(filter: FleetFilter): Record<string, string[]> {
  return {
    kind: filter.kinds ? [...filter.kinds] : [],
    vendor: filter.vendors ? [...filter.vendors] : [],
    status: filter.statuses ? [...filter.statuses] : [],
    project: filter.projects ? [...filter.projects] : [],
    connection: filter.connection === 'any' ? [] : [filter.connection],
    alarm: filter.alarmsOnly ? ['alarm'] : [],
  };
}

function setOrNull<T extends string>(values: readonly string[]): ReadonlySet<T> | null {
  return values.length === 0 ? null : new Set(values as T[]);
}

/** The filter after the menu changed one group's checked values. */
export function filterWith(filter: FleetFilter, name: string, values: readonly string[]): FleetFilter {
  switch (name) {
    case 'kind':
      return { ...filter, kinds: setOrNull<DeviceType>(values) };
    case 'vendor':
      return { ...filter, vendors: setOrNull<Vendor>(values) };
    case 'status':
      return { ...filter, statuses: setOrNull<DeviceStatus>(values) };
    case 'project':
      return { ...filter, projects: setOrNull<string>(values) };
    case 'connection': {
      // Connected and disconnected exclude each other: the last one ticked wins, none is any.
      const last = values.at(-1);
      return { ...filter, connection: last === 'connected' || last === 'disconnected' ? last : 'any' };
    }
    case 'alarm':
      return { ...filter, alarmsOnly: values.includes('alarm') };
    default:
      return filter;
  }
}

/** How many groups the filter narrows. */
function activeGroups(filter: FleetFilter): number {
  return Object.values(checkedOf(filter)).filter((values) => values.length > 0).length;
}

/**
 * The quick filters (kind, vendor family, status, connection, alarms, project). They narrow what the
 * map draws, what the counters count and what 'select area' takes. Device groups do not exist yet,
 * so there is no group filter.
 */
function QuickFilters() {
  const { t } = useTranslation(['map', 'device']);
  const [filter, setFilter] = useAtom(fleetFilterAtom);
  useAtomValue(fleetSizeAtom);
  const hasProjects = fleetStore.projects.length > 1;
  const projects = useQuery({ queryKey: queryKeys.allProjects, queryFn: fetchAllProjects, enabled: hasProjects });
  const projectName = (id: string) => projects.data?.find((project) => project.id === id)?.name ?? id;
  const onChange: MenuProps['onCheckedValueChange'] = (_event, { name, checkedItems }) =>
    setFilter(filterWith(filter, name, checkedItems));
  const active = activeGroups(filter);
  return (
    // A short window scrolls the list instead of letting it run past the page's bottom.
    <Menu checkedValues={checkedOf(filter)} onCheckedValueChange={onChange} positioning={{ autoSize: 'height' }}>
      <MenuTrigger disableButtonEnhancement>
        <MenuButton data-testid="quick-filters" icon={<FilterRegular />} appearance={active > 0 ? 'primary' : 'subtle'}>
          {active > 0 ? t('filters.buttonActive', { count: active }) : t('filters.button')}
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>{t('filters.deviceType')}</MenuGroupHeader>
            {KINDS.map((kind) => (
              <MenuItemCheckbox key={kind} name="kind" value={kind}>
                {t(KIND_LABELS[kind])}
              </MenuItemCheckbox>
            ))}
          </MenuGroup>
          <MenuDivider />
          <MenuGroup>
            <MenuGroupHeader>{t('filters.vendor')}</MenuGroupHeader>
            {VENDORS.map((vendor) => (
              <MenuItemCheckbox key={vendor} name="vendor" value={vendor}>
                {VENDOR_LABELS[vendor]}
              </MenuItemCheckbox>
            ))}
          </MenuGroup>
          <MenuDivider />
          <MenuGroup>
            <MenuGroupHeader>{t('filters.connection')}</MenuGroupHeader>
            <MenuItemCheckbox name="connection" value="connected">
              {t('filters.connected')}
            </MenuItemCheckbox>
            <MenuItemCheckbox name="connection" value="disconnected">
              {t('filters.disconnected')}
            </MenuItemCheckbox>
            <MenuItemCheckbox name="alarm" value="alarm">
              {t('filters.inAlarm')}
            </MenuItemCheckbox>
          </MenuGroup>
          <MenuDivider />
          <MenuGroup>
            <MenuGroupHeader>{t('filters.status')}</MenuGroupHeader>
            {STATUSES.map((status) => (
              <MenuItemCheckbox key={status} name="status" value={status}>
                {t(`device:status.${status}`)}
              </MenuItemCheckbox>
            ))}
          </MenuGroup>
          {hasProjects && (
            <>
              <MenuDivider />
              <MenuGroup>
                <MenuGroupHeader>{t('filters.project')}</MenuGroupHeader>
                {fleetStore.projects.map((id) => (
                  <MenuItemCheckbox key={id} name="project" value={id}>
                    {projectName(id)}
                  </MenuItemCheckbox>
                ))}
              </MenuGroup>
            </>
          )}
          <MenuDivider />
          <MenuItem disabled={active === 0} onClick={() => setFilter(NO_FILTER)}>
            {t('filters.clear')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

const TOOLS: { tool: MapTool; label: string; icon: ReactElement }[] = [
  { tool: 'area', label: 'tools.selectArea', icon: <SelectObjectRegular /> },
  { tool: 'pick', label: 'tools.selectOne', icon: <CursorClickRegular /> },
  { tool: 'copy', label: 'tools.copyCoordinates', icon: <CopyRegular /> },
];

/** The map's tools: select area, select one by one, copy coordinates, default view, quick filters. */
export function MapTools({ className }: { className?: string }) {
  const styles = useStyles();
  const { t } = useTranslation('map');
  const [tool, setTool] = useAtom(mapToolAtom);
  const map = useAtomValue(leafletMapAtom);
  return (
    <div className={className}>
      <div className={styles.root} role="toolbar" aria-label={t('tools.label')}>
        {TOOLS.map(({ tool: value, label, icon }) => (
          <Tooltip key={value} content={t(label)} relationship="label">
            <ToggleButton
              data-testid={`map-tool-${value}`}
              appearance="subtle"
              icon={icon}
              checked={tool === value}
              onClick={() => setTool(tool === value ? 'pan' : value)}
            />
          </Tooltip>
        ))}
        <Tooltip content={t('tools.defaultView')} relationship="label">
          <Button
            data-testid="map-default-view"
            appearance="subtle"
            icon={<ZoomFitRegular />}
            disabled={!map}
            onClick={() => map && showDefaultView(map)}
          />
        </Tooltip>
        <QuickFilters />
      </div>
    </div>
  );
}
