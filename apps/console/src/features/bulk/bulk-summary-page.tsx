import type { BulkItemOutcome, BulkJob, BulkJobItem } from '@farola/protocol';
import { Body1, Button, Caption1, ProgressBar, Spinner, Tab, TabList, Title2 } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { errorCodeMessage, errorMessage } from '@/lib/api/error-message';
import { formatDateTime } from '@/lib/format/format-value';
import { useNotify } from '@/lib/notifications/use-notify';
import { cancelBulkJob } from './api';
import { ACTION_KEYS } from './bulk-actions';
import { useBulkSummaryStyles } from './bulk-summary-page.styles';
import { RebootSummaryStart } from './reboot-summary-start';
import { useBulkJob, useBulkJobItems } from './use-bulk-job';

/** The lists of a summary (spec §2 Summaries: total, failed and successful), plus what is left and what was left out. */
const LISTS = ['all', 'failed', 'succeeded', 'pending', 'skipped'] as const;
type SummaryList = (typeof LISTS)[number];

/**
 * A bulk action's per-item results summary (spec §2 Summaries), live while the job runs: its
 * counts and progress, the items of each outcome with their errors, and cancellation of what is
 * left. The reboot summary (`reboot`) has its own title.
 */
export function BulkSummaryPage({ jobId, reboot = false }: { jobId?: string | undefined; reboot?: boolean }) {
  const { t } = useTranslation('bulk');
  // The reboot summary's route names its job in the query: `?job=`.
  const search = useSearch();
  const id = jobId ?? new URLSearchParams(search).get('job') ?? undefined;
  if (id === undefined) return reboot ? <RebootSummaryStart /> : <EmptyState title={t('summary.noJob')} />;
  return <Summary jobId={id} title={reboot ? t('summary.rebootTitle') : undefined} />;
}

function Summary({ jobId, title }: { jobId: string; title: string | undefined }) {
  const { t, i18n } = useTranslation('bulk');
  const { t: tErrors } = useTranslation('errors');
  const styles = useBulkSummaryStyles();
  const notify = useNotify();
  const job = useBulkJob(jobId);
  const [list, setList] = useState<SummaryList>('all');
  const [cancelling, setCancelling] = useState(false);

  if (job.isError) return <EmptyState title={errorMessage(tErrors, job.error)} />;
  if (!job.data) return <Spinner label={t('summary.loading')} />;
  const data = job.data;
  const finished = data.total - data.pending;
  const heading = title ?? t('summary.title', { action: t(ACTION_KEYS[data.action]) });

  const cancel = () => {
    setCancelling(false);
    cancelBulkJob(jobId)
      .then(() => notify.success(t('summary.cancelled')))
      .catch((error: unknown) => notify.error(errorMessage(tErrors, error)));
  };

  return (
    <section className={styles.root} aria-labelledby="bulk-summary-title">
      <Title2 as="h1" id="bulk-summary-title">
        {heading}
      </Title2>
      <Caption1>
        {t('summary.startedBy', {
          user: data.createdBy ?? t('summary.someone'),
          date: formatDateTime(data.createdAt, i18n.language),
        })}
      </Caption1>
      <div className={styles.progress}>
        <ProgressBar
          value={data.total === 0 ? 1 : finished / data.total}
          aria-label={t('summary.progress', { finished, total: data.total })}
          color={data.failed > 0 ? 'warning' : 'brand'}
        />
        <Body1 role="status" data-testid="bulk-status">
          {t(`status.${data.status}`)} · {t('summary.progress', { finished, total: data.total })}
        </Body1>
      </div>
      <dl className={styles.counts} data-testid="bulk-counts">
        <Count label={t('list.all')} value={data.total} testId="total" />
        <Count label={t('list.succeeded')} value={data.succeeded} testId="succeeded" />
        <Count label={t('list.failed')} value={data.failed} testId="failed" />
        <Count label={t('list.pending')} value={data.pending} testId="pending" />
        {data.skipped > 0 && <Count label={t('list.skipped')} value={data.skipped} testId="skipped" />}
      </dl>
      {data.status === 'running' && data.pending > 0 && (
        <div>
          <Button onClick={() => setCancelling(true)}>{t('summary.cancel')}</Button>
        </div>
      )}
      <TabList
        selectedValue={list}
        aria-label={t('summary.lists')}
        onTabSelect={(_event, selected) => setList(LISTS.find((name) => name === selected.value) ?? 'all')}
      >
        {LISTS.map((name) => (
          <Tab key={name} value={name} id={`bulk-list-${name}`}>
            {t(`list.${name}`)} ({countOf(data, name)})
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" aria-labelledby={`bulk-list-${list}`}>
        <ItemList jobId={jobId} job={data} outcome={list === 'all' ? undefined : list} />
      </div>
      <ConfirmDialog
        open={cancelling}
        title={t('summary.cancel')}
        message={t('summary.cancelMessage', { count: data.pending })}
        confirmLabel={t('summary.cancelConfirm')}
        onConfirm={cancel}
        onCancel={() => setCancelling(false)}
      />
    </section>
  );
}

function countOf(job: BulkJob, list: SummaryList): number {
  return list === 'all' ? job.total : job[list];
}

function Count(props: { label: string; value: number; testId: string }) {
  const styles = useBulkSummaryStyles();
  return (
    <div className={styles.count} data-testid={`bulk-count-${props.testId}`}>
      <dt>{props.label}</dt>
      <dd>{props.value}</dd>
    </div>
  );
}

function ItemList({ jobId, job, outcome }: { jobId: string; job: BulkJob; outcome: BulkItemOutcome | undefined }) {
  const { t } = useTranslation('bulk');
  const { t: tErrors } = useTranslation('errors');
  const items = useBulkJobItems(jobId, outcome, job);
  const columns: DataTableColumn<BulkJobItem>[] = [
    { id: 'name', header: t('column.name'), cell: (item) => item.name },
    { id: 'serialNumber', header: t('column.serialNumber'), cell: (item) => item.serialNumber },
    {
      id: 'result',
      header: t('column.result'),
      cell: (item) =>
        item.error
          ? `${t(`outcome.${item.outcome}`)} · ${errorCodeMessage(tErrors, item.error.code)}`
          : t(`outcome.${item.outcome}`),
    },
  ];
  return (
    <DataTable
      label={t(`list.${outcome ?? 'all'}`)}
      testId="bulk-items"
      columns={columns}
      list={items}
      getRowId={(item) => item.deviceId}
      rowProps={(item) => ({ 'data-testid': 'bulk-item', 'data-outcome': item.outcome })}
      loadingLabel={t('summary.loading')}
      emptyTitle={t('summary.empty')}
    />
  );
}
