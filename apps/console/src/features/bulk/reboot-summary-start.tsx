import { Body1, Link, Spinner, Subtitle2, Title2 } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouteLink } from 'wouter';
import { EmptyState } from '@/components/empty-state';
import { errorMessage } from '@/lib/api/error-message';
import { formatDateTime } from '@/lib/format/format-value';
import { paths } from '@/lib/paths';
import { fetchRecentBulkJobs } from './api';
import { useRebootSummaryStartStyles } from './reboot-summary-start.styles';

/** How many of the latest reboots the page offers. */
const RECENT_REBOOTS = 10;

/**
 * The reboot summary opened without a job (`?job=` missing): what the page is for, the way to
 * start a reboot (the cabinet controllers' list) and the latest reboots to open instead.
 */
export function RebootSummaryStart() {
  const { t, i18n } = useTranslation('bulk');
  const { t: tErrors } = useTranslation('errors');
  const styles = useRebootSummaryStartStyles();
  const recent = useQuery({
    queryKey: ['bulk-actions', { action: 'reboot', limit: RECENT_REBOOTS }],
    queryFn: () => fetchRecentBulkJobs('reboot', RECENT_REBOOTS),
  });
  return (
    <section className={styles.root} aria-labelledby="bulk-summary-title">
      <Title2 as="h1" id="bulk-summary-title">
        {t('summary.rebootTitle')}
      </Title2>
      <EmptyState title={t('summary.noReboot')} description={t('summary.noRebootHint')} />
      <div className={styles.way}>
        <RouteLink href={paths.cabinetControllers.build()} asChild>
          <Link>{t('summary.toCabinetControllers')}</Link>
        </RouteLink>
      </div>
      <Subtitle2 as="h2">{t('summary.recentReboots')}</Subtitle2>
      {recent.isError ? (
        <Body1>{errorMessage(tErrors, recent.error)}</Body1>
      ) : !recent.data ? (
        <Spinner size="small" label={t('summary.loading')} />
      ) : recent.data.items.length === 0 ? (
        <Body1>{t('summary.noRecentReboots')}</Body1>
      ) : (
        <ul className={styles.jobs} data-testid="recent-reboots">
          {recent.data.items.map((job) => (
            <li key={job.id}>
              <RouteLink href={paths.cabinetControllersRebootSummary.build({ job: job.id })} asChild>
                <Link>
                  {t('summary.startedBy', {
                    user: job.createdBy ?? t('summary.someone'),
                    date: formatDateTime(job.createdAt, i18n.language),
                  })}
                </Link>
              </RouteLink>
              <Body1>
                {' · '}
                {t(`status.${job.status}`)} ·{' '}
                {t('summary.progress', { finished: job.total - job.pending, total: job.total })}
              </Body1>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
