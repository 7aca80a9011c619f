import type { Device, QueuedRequest } from '@farola/protocol';
import { Body1, Body1Strong, Caption1, mergeClasses, Spinner, Subtitle2 } from '@fluentui/react-components';
import { CheckmarkRegular, DismissRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeMessage } from '@/lib/api/error-message';
import { queryKeys } from '@/lib/query/query-client';
import { fetchLatestRequest } from '@/lib/requests/requests-api';
import { deviceRequestsQuery } from '@/lib/requests/device-requests-query';
import { InstallationActions } from './installation-actions';
import { useInstallationProgressStyles } from './installation-progress.styles';
import { installationView, type StepState } from './installation-view';

const STEP_ICONS: Partial<Record<StepState, ReactElement>> = {
  done: <CheckmarkRegular aria-hidden />,
  failed: <DismissRegular aria-hidden />,
};

/**
 * A device in installation: the latest `install` request's headline and the seven steps with the
 * current one highlighted; once it failed, why (the device's recorded failure) and the ways on. It
 * follows the device's live request list; a request older than that list holds is read on its own.
 */
export function InstallationProgress({ device }: { device: Device }) {
  const queries = useQueryClient();
  const { data: recent } = useQuery(deviceRequestsQuery(queries, device.id));
  const listed = recent?.find((request) => request.command === 'install');
  const older = useQuery({
    queryKey: [...queryKeys.deviceRequests(device.id), 'install'],
    queryFn: () => fetchLatestRequest(device.id, 'install'),
    enabled: recent !== undefined && listed === undefined,
  });
  const request = listed ?? older.data;
  return request || device.installationFailure ? <InstallationSteps device={device} request={request ?? null} /> : null;
}

function InstallationSteps({ device, request }: { device: Device; request: QueuedRequest | null }) {
  const { t } = useTranslation('device-detail');
  const { t: tErrors } = useTranslation('errors');
  const styles = useInstallationProgressStyles();
  const failure = device.installationFailure;
  const view = request ? installationView(request) : null;
  const headline = failure
    ? t('installation.failed', { failure: errorCodeMessage(tErrors, failure.code) })
    : !view
      ? t('installation.started')
      : view.headline.key.startsWith('errors:')
        ? errorCodeMessage(tErrors, view.headline.key.slice('errors:'.length))
        : t(view.headline.key, view.headline.values ?? {});
  return (
    <section className={styles.root} aria-label={t('installation.title')} data-testid="installation-progress">
      <Subtitle2 as="h3">{t('installation.title')}</Subtitle2>
      <Body1Strong
        role="status"
        data-testid="installation-headline"
        data-status={failure ? 'FAILED' : (request?.status ?? 'IN_PROGRESS')}
      >
        {view?.running && !failure && <Spinner size="extra-tiny" as="span" />} {headline}
      </Body1Strong>
      {view?.retryAfter && !failure && (
        <Caption1 data-testid="installation-retry">
          {t('installation.previousFailure', { failure: errorCodeMessage(tErrors, view.retryAfter) })}
        </Caption1>
      )}
      {view && (
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
      )}
      {failure && (
        <>
          <Body1>{t('installation.whatNext')}</Body1>
          <InstallationActions device={device} />
        </>
      )}
    </section>
  );
}
