import type { QueuedRequest } from '@farola/protocol';
import { Body1Strong, Caption1, mergeClasses, Spinner, Subtitle2 } from '@fluentui/react-components';
import { CheckmarkRegular, DismissRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeMessage } from '@/lib/api/error-message';
import { queryKeys } from '@/lib/query/query-client';
import { fetchLatestRequest } from '@/lib/requests/requests-api';
import { deviceRequestsQuery } from './device-requests-query';
import { useInstallationProgressStyles } from './installation-progress.styles';
import { installationView, type StepState } from './installation-view';

const STEP_ICONS: Partial<Record<StepState, ReactElement>> = {
  done: <CheckmarkRegular aria-hidden />,
  failed: <DismissRegular aria-hidden />,
};

/**
 * The latest `install` request of a device being installed: its headline and the seven steps with
 * the current one highlighted. It follows the device's live request list; a request older than
 * that list holds is read on its own.
 */
export function InstallationProgress({ deviceId }: { deviceId: string }) {
  const queries = useQueryClient();
  const { data: recent } = useQuery(deviceRequestsQuery(queries, deviceId));
  const listed = recent?.find((request) => request.command === 'install');
  const older = useQuery({
    queryKey: [...queryKeys.deviceRequests(deviceId), 'install'],
    queryFn: () => fetchLatestRequest(deviceId, 'install'),
    enabled: recent !== undefined && listed === undefined,
  });
  const request = listed ?? older.data;
  return request ? <InstallationSteps request={request} /> : null;
}

function InstallationSteps({ request }: { request: QueuedRequest }) {
  const { t } = useTranslation('device-detail');
  const { t: tErrors } = useTranslation('errors');
  const styles = useInstallationProgressStyles();
  const view = installationView(request);
  const { key, values } = view.headline;
  const headline = key.startsWith('errors:')
    ? errorCodeMessage(tErrors, key.slice('errors:'.length))
    : t(key, values ?? {});
  return (
    <section className={styles.root} aria-label={t('installation.title')} data-testid="installation-progress">
      <Subtitle2 as="h3">{t('installation.title')}</Subtitle2>
      <Body1Strong role="status" data-testid="installation-headline" data-status={request.status}>
        {view.running && <Spinner size="extra-tiny" as="span" />} {headline}
      </Body1Strong>
      {view.retryAfter && (
        <Caption1 data-testid="installation-retry">
          {t('installation.previousFailure', { failure: errorCodeMessage(tErrors, view.retryAfter) })}
        </Caption1>
      )}
      <ol className={styles.steps} aria-label={t('installation.steps')}>
        {view.steps.map(({ step, state }) => (
          <li
            key={step}
            data-testid={`installation-step-${step}`}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
            className={mergeClasses(
              styles.step,
              state === 'done' && styles.done,
              state === 'current' && styles.current,
              state === 'failed' && styles.failed,
            )}
          >
            {STEP_ICONS[state]}
            {t(`installation.step.${step}`)}
          </li>
        ))}
      </ol>
    </section>
  );
}
