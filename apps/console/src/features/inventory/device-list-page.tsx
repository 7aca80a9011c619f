import { VENDOR_LABELS, VendorSchema, type DeviceType } from '@farola/protocol';
import { Body1, Button, Select, Title2 } from '@fluentui/react-components';
import { ArrowDownloadRegular, DismissRegular } from '@fluentui/react-icons';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { DataTable } from '@/components/data-table';
import { DateFilter, FilterField, SearchFilter, SelectFilter } from '@/components/list-controls';
import { errorMessage } from '@/lib/api/error-message';
import { useAllGroups } from '@/lib/api/groups';
import { useAllProjects } from '@/lib/api/projects';
import { DEVICE_STATUS_KEYS } from '@/lib/devices/device-labels';
import { useNotify } from '@/lib/notifications/use-notify';
import { paths } from '@/lib/paths';
import { useReplaceSearch } from '@/lib/url-filters';
import { exportDevices } from './api';
import { useDeviceListPageStyles } from './device-list-page.styles';
import { useDeviceColumns } from './device-columns';
import { GroupFilter } from './group-filter';
import { ListNav } from './list-nav';
import {
  CONNECTION_FILTERS,
  filtersSearch,
  LIST_VIEWS,
  PAGE_SIZES,
  parseFilters,
  statusOptions,
  type InventoryFilters,
} from './list-filters';
import { SelectAllLine } from './select-all-line';
import { useDeviceList } from './use-device-list';
import { useListSelection } from './use-list-selection';

/** What an inventory list hands the bulk actions it hosts (composed in by the app). */
export interface ListSelection {
  deviceType: DeviceType;
  deviceIds: readonly string[];
  /** Called once a bulk action has been accepted, so the list forgets the selection. */
  onDone: () => void;
}

const KIND = {
  'light-point-controller': {
    title: 'lightPoints.title',
    list: paths.lightPoints,
    empty: 'list.emptyLightPoints',
    file: 'light-points.csv',
  },
  'cabinet-controller': {
    title: 'cabinetControllers.title',
    list: paths.cabinetControllers,
    empty: 'list.emptyCabinetControllers',
    file: 'cabinet-controllers.csv',
  },
} as const;

interface DeviceListPageProps {
  deviceType: DeviceType;
  /** The bulk actions offered on the selected devices. */
  bulkActions?: (selection: ListSelection) => ReactNode;
  /** Where a device's name leads: its page, or its panel on the map for those who may not open the page. */
  deviceHref: (deviceId: string) => string;
}

/**
 * An inventory list (spec §2): the inventory or maintenance list of one device kind, with quick
 * filters, search by reference, a date filter, items per page with 'Show more' / 'No more data',
 * CSV export of exactly what the filters show, and bulk actions on a selection.
 */
export function DeviceListPage({ deviceType, bulkActions, deviceHref }: DeviceListPageProps) {
  const { t } = useTranslation('inventory');
  const { t: tDevice } = useTranslation('device');
  const { t: tErrors } = useTranslation('errors');
  const styles = useDeviceListPageStyles();
  const notify = useNotify();
  const kind = KIND[deviceType];
  const replaceSearch = useReplaceSearch();
  const filters = parseFilters(useSearch());
  const { query, list } = useDeviceList(deviceType, filters);
  const { projects, names: projectNames } = useAllProjects();
  const { groups, isLoading: groupsLoading } = useAllGroups();
  const [exporting, setExporting] = useState(false);
  const visibleIds = useMemo(() => list.items.map((device) => device.id), [list.items]);
  // The selection belongs to the list's query: a filter's change leaves it behind.
  const selection = useListSelection(query, visibleIds, list.total, (error) =>
    notify.error(errorMessage(tErrors, error)),
  );
  const selected = selection.selected;
  const columns = useDeviceColumns(deviceHref, projectNames);

  const setFilters = (change: Partial<InventoryFilters>) => replaceSearch(filtersSearch({ ...filters, ...change }));
  const exportCsv = () => {
    setExporting(true);
    exportDevices(query, kind.file)
      .catch((error: unknown) => notify.error(errorMessage(tErrors, error)))
      .finally(() => setExporting(false));
  };

  return (
    <section className={styles.root} aria-labelledby="inventory-title">
      <header className={styles.header}>
        <Title2 as="h1" id="inventory-title">
          {t(kind.title)}
        </Title2>
        <ListNav
          label={t('list.kinds')}
          items={(['light-point-controller', 'cabinet-controller'] as const).map((type) => ({
            href: KIND[type].list.build(),
            label: t(KIND[type].title),
            current: type === deviceType,
          }))}
        />
      </header>
      <ListNav
        label={t('list.views')}
        size="small"
        items={LIST_VIEWS.map((view) => ({
          href: kind.list.build(filtersSearch({ ...filters, view, status: undefined })),
          label: t(`list.view.${view}`),
          current: view === filters.view,
        }))}
      />
      <div className={styles.filters} role="search" aria-label={t('list.filters')}>
        <SearchFilter
          className={styles.search}
          label={t('list.search')}
          value={filters.q}
          onChange={(q) => setFilters({ q })}
        />
        <SelectFilter
          id="filter-status"
          label={t('list.status')}
          allLabel={t('list.all')}
          value={filters.status}
          options={statusOptions(filters.view).map((status) => ({
            value: status,
            label: tDevice(DEVICE_STATUS_KEYS[status]),
          }))}
          onChange={(status) => setFilters({ status: statusOptions(filters.view).find((s) => s === status) })}
        />
        <SelectFilter
          id="filter-connection"
          label={t('list.connection')}
          allLabel={t('list.all')}
          value={filters.connection}
          options={CONNECTION_FILTERS.map((value) => ({ value, label: t(`list.connectionValue.${value}`) }))}
          onChange={(value) => setFilters({ connection: CONNECTION_FILTERS.find((c) => c === value) })}
        />
        <SelectFilter
          id="filter-vendor"
          label={t('list.vendor')}
          allLabel={t('list.all')}
          value={filters.vendor}
          options={VendorSchema.options.map((vendor) => ({ value: vendor, label: VENDOR_LABELS[vendor] }))}
          onChange={(value) => setFilters({ vendor: VendorSchema.options.find((v) => v === value) })}
        />
        <SelectFilter
          id="filter-project"
          label={t('list.project')}
          allLabel={t('list.all')}
          value={filters.projectId}
          options={projects.map((project) => ({ value: project.id, label: project.name }))}
          onChange={(projectId) => {
            // A group of another project would leave the list empty: the group filter goes with it.
            const group = groups.find((candidate) => candidate.id === filters.groupId);
            const keepsGroup = projectId === undefined || group?.projectId === projectId;
            setFilters({ projectId, groupId: keepsGroup ? filters.groupId : undefined });
          }}
        />
        <GroupFilter
          groups={groups}
          isLoading={groupsLoading}
          projectId={filters.projectId}
          projectNames={projectNames}
          value={filters.groupId}
          onChange={(groupId) => setFilters({ groupId })}
        />
        <DateFilter
          id="installed-from"
          label={t('list.installedFrom')}
          value={filters.installedFrom}
          max={filters.installedTo}
          onChange={(installedFrom) => setFilters({ installedFrom })}
        />
        <DateFilter
          id="installed-to"
          label={t('list.installedTo')}
          value={filters.installedTo}
          min={filters.installedFrom}
          onChange={(installedTo) => setFilters({ installedTo })}
        />
        <Button
          appearance="subtle"
          icon={<DismissRegular />}
          onClick={() =>
            setFilters({
              q: undefined,
              status: undefined,
              connection: undefined,
              vendor: undefined,
              projectId: undefined,
              groupId: undefined,
              installedFrom: undefined,
              installedTo: undefined,
            })
          }
        >
          {t('list.clearFilters')}
        </Button>
      </div>
      <div className={styles.toolbar}>
        <Body1 role="status">
          {list.total === undefined ? '' : t('list.total', { count: list.total })}
          {selected.size > 0 && ` · ${t('list.selected', { count: selected.size })}`}
        </Body1>
        <div className={styles.actions}>
          {selected.size > 0 && bulkActions?.({ deviceType, deviceIds: selection.deviceIds, onDone: selection.clear })}
          <Button icon={<ArrowDownloadRegular />} disabled={exporting || list.total === 0} onClick={exportCsv}>
            {exporting ? t('list.exporting') : t('list.export')}
          </Button>
        </div>
      </div>
      <DataTable
        label={t(kind.title)}
        className={styles.table}
        columns={columns}
        list={list}
        getRowId={(device) => device.id}
        rowProps={() => ({ 'data-testid': 'device-row' })}
        loadingLabel={t('list.loading')}
        emptyTitle={t(kind.empty)}
        selection={{
          selected,
          onChange: selection.set,
          rowLabel: (device) => t('list.select', { name: device.name }),
          allLabel: t('list.selectAll'),
        }}
        above={
          <SelectAllLine
            line={selection.line}
            selecting={selection.isSelectingMatching}
            onSelectMatching={selection.selectAllMatching}
            onClear={selection.clear}
          />
        }
        footer={
          <FilterField id="items-per-page" label={t('list.itemsPerPage')}>
            <Select
              id="items-per-page"
              size="small"
              value={String(filters.limit)}
              onChange={(_event, data) => setFilters({ limit: Number(data.value) })}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </Select>
          </FilterField>
        }
      />
    </section>
  );
}
