import { COMMAND_NAMES, type QueuedRequest, QueuedRequestStatusSchema } from '@farola/protocol';
import {
  Body1,
  Button,
  Caption1,
  Checkbox,
  Link,
  ProgressBar,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title2,
} from '@fluentui/react-components';
import { DismissCircleRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouteLink, useSearch } from 'wouter';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { DateFilter, SearchFilter, SelectFilter, ShowMore } from '@/components/list-controls';
import { errorCodeMessage, errorMessage, requestErrorMessage } from '@/lib/api/error-message';
import { formatDateTime } from '@/lib/format/format-value';
import { useNotify } from '@/lib/notifications/use-notify';
import { paths } from '@/lib/paths';
import { isWaitingForDevice, requestNote, requestStatusLabel } from '@/lib/requests/request-labels';
import { useReplaceSearch } from '@/lib/url-filters';
import { cancelQueuedRequests } from './api';
import { useQueuedRequestsStyles } from './queued-requests-page.styles';
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
  const { t: tDevice, i18n } = useTranslation('device');
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

  const cancellable = list.items.filter((request) => request.status === 'IN_PROGRESS');
  const selectedCancellable = cancellable.filter((request) => selected.has(request.id)).map((request) => request.id);
  const allSelected = cancellable.length > 0 && cancellable.every((request) => selected.has(request.id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
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
      {list.items.length === 0 ? (
        list.isFailed ? (
          <Button onClick={list.retry}>{t('retry')}</Button>
        ) : list.isLoading ? (
          <Spinner label={t('loading')} />
        ) : (
          <EmptyState title={t('empty')} />
        )
      ) : (
        <>
          <Table size="small" aria-label={t('title')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell className={styles.check}>
                  <Checkbox
                    aria-label={t('selectAll')}
                    disabled={cancellable.length === 0}
                    checked={allSelected ? true : selectedCancellable.length > 0 ? 'mixed' : false}
                    onChange={(_event, data) =>
                      setSelected(data.checked === true ? new Set(cancellable.map((request) => request.id)) : new Set())
                    }
                  />
                </TableHeaderCell>
                <TableHeaderCell>{t('column.created')}</TableHeaderCell>
                <TableHeaderCell>{t('column.device')}</TableHeaderCell>
                <TableHeaderCell>{t('column.command')}</TableHeaderCell>
                <TableHeaderCell>{t('column.status')}</TableHeaderCell>
                <TableHeaderCell>{t('column.progress')}</TableHeaderCell>
                <TableHeaderCell>{t('column.attempt')}</TableHeaderCell>
                <TableHeaderCell>{t('column.requestedBy')}</TableHeaderCell>
                <TableHeaderCell>{t('column.actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.items.map((request) => (
                <TableRow key={request.id} data-testid="queued-request" data-status={request.status}>
                  <TableCell>
                    {request.status === 'IN_PROGRESS' && (
                      <Checkbox
                        aria-label={t('select', { command: tDevice(`commandName.${request.command}`) })}
                        checked={selected.has(request.id)}
                        onChange={(_event, data) => toggle(request.id, data.checked === true)}
                      />
                    )}
                  </TableCell>
                  <TableCell>{formatDateTime(request.createdAt, i18n.language)}</TableCell>
                  <TableCell>
                    <DeviceName deviceId={request.deviceId} name={names.get(request.deviceId)} />
                  </TableCell>
                  <TableCell>{tDevice(`commandName.${request.command}`)}</TableCell>
                  <TableCell>
                    {requestStatusLabel(tDevice, request, i18n.language)}
                    <RequestNote note={requestNote(tDevice, request)} className={styles.note} />
                    {request.error && (
                      <Caption1 className={styles.error}>
                        {' '}
                        · {requestErrorMessage(tErrors, request.command, request.error.code)}
                      </Caption1>
                    )}
                  </TableCell>
                  <TableCell className={styles.progress}>
                    <ProgressBar
                      value={request.progress / 100}
                      aria-label={t('progress', { progress: request.progress })}
                      color={progressColor(request)}
                    />
                    <Caption1>{request.progress} %</Caption1>
                  </TableCell>
                  <TableCell>{request.attempt}</TableCell>
                  <TableCell>{request.requestedBy ?? ''}</TableCell>
                  <TableCell>
                    {request.status === 'IN_PROGRESS' && (
                      <Button size="small" onClick={() => setConfirming([request.id])}>
                        {t('cancel')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ShowMore
            hasMore={list.hasMore}
            loading={list.isLoading}
            onShowMore={list.showMore}
            showMoreLabel={t('showMore')}
            noMoreLabel={t('noMore')}
          />
        </>
      )}
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

function progressColor(request: QueuedRequest): 'error' | 'success' | 'warning' | 'brand' {
  if (request.status === 'ERROR') return 'error';
  if (request.status === 'DONE') return 'success';
  return isWaitingForDevice(request) ? 'warning' : 'brand';
}

/** What a done request could not change, after its status. */
function RequestNote({ note, className }: { note: string | null; className: string }) {
  return note && <Caption1 className={className}> · {note}</Caption1>;
}

/** The device's name, linked to its panel on the map. */
function DeviceName({ deviceId, name }: { deviceId: string; name: string | undefined }) {
  return (
    <RouteLink href={paths.mapDevice.build({ id: deviceId })} asChild>
      <Link>{name ?? deviceId.slice(0, 8)}</Link>
    </RouteLink>
  );
}
