import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '@/lib/query/query-client';
import { fetchScheduleJob } from './api';

/** How often a running schedule job is read again, while its devices answer. */
const POLL_MS = 2_000;

/** A schedule job's progress in words: how many light points confirmed, failed or still wait. */
export function ScheduleJobProgress({ jobId }: { jobId: string }) {
  const { t } = useTranslation('scheduling');
  const { data: job } = useQuery({
    queryKey: queryKeys.scheduleJob(jobId),
    queryFn: () => fetchScheduleJob(jobId),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
  });
  if (!job) return null;
  return (
    <span data-testid="schedule-job" data-status={job.status}>
      {t('groups.progress', {
        succeeded: job.succeeded,
        total: job.total - job.skipped,
        failed: job.failed,
        pending: job.pending,
      })}
    </span>
  );
}
