import type { QueuedRequest } from '@farola/protocol';
import { Button, Caption1, Link, ProgressBar } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link as RouteLink } from 'wouter';
import type { DataTableColumn } from '@/components/data-table';
import { requestErrorMessage } from '@/lib/api/error-message';
import { formatDateTime } from '@/lib/format/format-value';
import { paths } from '@/lib/paths';
import { isWaitingForDevice, requestNote, requestStatusLabel } from '@/lib/requests/request-labels';
import { useQueuedRequestsStyles } from './queued-requests-page.styles';

/**
 * The queued requests table's columns: when, which device (linked to its panel), what, how it
 * stands, its progress and attempt, who asked, and 'Cancel' while it is in progress.
 */
export function useRequestColumns(
  names: ReadonlyMap<string, string>,
  onCancel: (requestId: string) => void,
): DataTableColumn<QueuedRequest>[] {
  const { t } = useTranslation('requests');
  const { t: tDevice, i18n } = useTranslation('device');
  const { t: tErrors } = useTranslation('errors');
  const styles = useQueuedRequestsStyles();
  return [
    { id: 'created', header: t('column.created'), cell: (request) => formatDateTime(request.createdAt, i18n.language) },
    {
      id: 'device',
      header: t('column.device'),
      interactive: true,
      cell: (request) => <DeviceName deviceId={request.deviceId} name={names.get(request.deviceId)} />,
    },
    { id: 'command', header: t('column.command'), cell: (request) => tDevice(`commandName.${request.command}`) },
    {
      id: 'status',
      header: t('column.status'),
      className: styles.status,
      cell: (request) => {
        const note = requestNote(tDevice, request);
        return (
          <span>
            {requestStatusLabel(tDevice, request, i18n.language)}
            {note && <Caption1 className={styles.note}> · {note}</Caption1>}
            {request.error && (
              <Caption1 className={styles.error}>
                {' '}
                · {requestErrorMessage(tErrors, request.command, request.error.code)}
              </Caption1>
            )}
          </span>
        );
      },
    },
    {
      id: 'progress',
      header: t('column.progress'),
      className: styles.progress,
      cell: (request) => (
        <span className={styles.progressBar}>
          <ProgressBar
            value={request.progress / 100}
            aria-label={t('progress', { progress: request.progress })}
            color={progressColor(request)}
          />
          <Caption1>{request.progress} %</Caption1>
        </span>
      ),
    },
    { id: 'attempt', header: t('column.attempt'), cell: (request) => request.attempt },
    { id: 'requestedBy', header: t('column.requestedBy'), cell: (request) => request.requestedBy ?? '' },
    {
      id: 'actions',
      header: t('column.actions'),
      interactive: true,
      cell: (request) =>
        request.status === 'IN_PROGRESS' && (
          <Button size="small" onClick={() => onCancel(request.id)}>
            {t('cancel')}
          </Button>
        ),
    },
  ];
}

function progressColor(request: QueuedRequest): 'error' | 'success' | 'warning' | 'brand' {
  if (request.status === 'ERROR') return 'error';
  if (request.status === 'DONE') return 'success';
  return isWaitingForDevice(request) ? 'warning' : 'brand';
}

/** The device's name, linked to its panel on the map. */
function DeviceName({ deviceId, name }: { deviceId: string; name: string | undefined }) {
  return (
    <RouteLink href={paths.mapDevice.build({ id: deviceId })} asChild>
      <Link>{name ?? deviceId.slice(0, 8)}</Link>
    </RouteLink>
  );
}
