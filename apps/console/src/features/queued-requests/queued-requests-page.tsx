import { COMMAND_NAMES, QueuedRequestStatusSchema } from '@farola/protocol';
import { Body1, Button, Title2 } from '@fluentui/react-components';
import { DismissCircleRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { DateFilter, SearchFilter, SelectFilter } from '@/components/list-controls';
import { errorCodeMessage, errorMessage } from '@/lib/api/error-message';
import { useNotify } from '@/lib/notifications/use-notify';
import { useReplaceSearch } from '@/lib/url-filters';
import { cancelQueuedRequests } from './api';
import { useQueuedRequestsStyles } from './queued-requests-page.styles';
import { useRequestColumns } from './request-columns';
import { parseRequestFilters, requestFiltersSearch, type RequestFilters } from './request-filters';
import { useDeviceNames } from './use-device-names';
import { useQueuedRequests } from './use-queued-requests';

/**
 * Queued requests (spec §2 Other screens, §4): every command sent to the user's devices with its
 * status, progress and attempt, live, filtered by status, command, device and date; requests still
 * in progress can be cancelled one by one or many at once.
 */
export function QueuedRequestsPage() {
  const { t } = useTranslation('requests');
  const { t: tDevice } = useTranslation('device');
  const { t: tErrors } = useTranslation('errors');
  const styles = useQueuedRequestsStyles();
  const notify = useNotify();
  const replaceSearch = useReplaceSearch();
  const filters = parseRequestFilters(useSearch());
  const list = useQueuedRequests(filters);
  const names = useDeviceNames(list.items.map((request) => request.deviceId));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<readonly string[] | null>(null);

  const setFilters = (change: Partial<RequestFilters>) => {
    setSelected(new Set());
    replaceSearch(requestFiltersSearch({ ...filters, ...change }));
  };

  const selectedCancellable = list.items
    .filter((request) => request.status === 'IN_PROGRESS' && selected.has(request.id))
    .map((request) => request.id);
  const columns = useRequestColumns(names, (requestId) => setConfirming([requestId]));
  const cancel = (ids: readonly string[]) => {
    setConfirming(null);
    cancelQueuedRequests(ids)
      .then((outcomes) => {
        const failed = outcomes.filter((outcome) => outcome.outcome === 'failed');
        const cancelled = outcomes.length - failed.length;
        if (cancelled > 0) notify.success(t('cancelled', { count: cancelled }));
        const [firstFailure] = failed;
        if (firstFailure?.outcome === 'failed')
          notify.error(t('notCancelled', { count: failed.length }), errorCodeMessage(tErrors, firstFailure.error.code));
        setSelected(new Set());
        list.reload();
      })
      .catch((error: unknown) => notify.error(errorMessage(tErrors, error)));
  };

  return (
    <section className={styles.root} aria-labelledby="queued-requests-title">
      <Title2 as="h1" id="queued-requests-title">
        {t('title')}
      </Title2>
      <div className={styles.filters} role="search" aria-label={t('filters')}>
        <SearchFilter label={t('search')} value={filters.q} onChange={(q) => setFilters({ q })} />
        <SelectFilter
          id="requests-status"
          label={t('status')}
          allLabel={t('all')}
          value={filters.status}
          options={QueuedRequestStatusSchema.options.map((status) => ({
            value: status,
            label: tDevice(`requestStatus.${status}`),
          }))}
          onChange={(value) =>
            setFilters({ status: QueuedRequestStatusSchema.options.find((status) => status === value) })
          }
        />
        <SelectFilter
          id="requests-command"
          label={t('command')}
          allLabel={t('all')}
          value={filters.command}
          options={COMMAND_NAMES.map((command) => ({ value: command, label: tDevice(`commandName.${command}`) }))}
          onChange={(value) => setFilters({ command: COMMAND_NAMES.find((command) => command === value) })}
        />
        <DateFilter
          id="requests-from"
          label={t('from')}
          value={filters.from}
          max={filters.to}
          onChange={(from) => setFilters({ from })}
        />
        <DateFilter
          id="requests-to"
          label={t('to')}
          value={filters.to}
          min={filters.from}
          onChange={(to) => setFilters({ to })}
        />
      </div>
      <div className={styles.toolbar}>
        <Body1 role="status">{list.total === undefined ? '' : t('total', { count: list.total })}</Body1>
        <Button
          icon={<DismissCircleRegular />}
          disabled={selectedCancellable.length === 0}
          onClick={() => setConfirming(selectedCancellable)}
        >
          {t('cancelSelected', { count: selectedCancellable.length })}
        </Button>
      </div>
      <DataTable
        label={t('title')}
        className={styles.table}
        columns={columns}
        list={list}
        getRowId={(request) => request.id}
        rowProps={(request) => ({ 'data-testid': 'queued-request', 'data-status': request.status })}
        loadingLabel={t('loading')}
        emptyTitle={t('empty')}
        selection={{
          selected,
          onChange: setSelected,
          canSelect: (request) => request.status === 'IN_PROGRESS',
          rowLabel: (request) => t('select', { command: tDevice(`commandName.${request.command}`) }),
          allLabel: t('selectAll'),
        }}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={t('cancelTitle')}
        message={t('cancelMessage', { count: confirming?.length ?? 0 })}
        confirmLabel={t('cancelConfirm')}
        onConfirm={() => confirming && cancel(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
