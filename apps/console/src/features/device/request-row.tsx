import type { QueuedRequest } from '@farola/protocol';
import { Body1Strong, Caption1, ProgressBar } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { CancelButton } from '@/components/cancel-button';
import { requestErrorMessage } from '@/lib/api/error-message';
import { isWaitingForDevice, requestNote, requestStatusLabel } from '@/lib/requests/request-labels';
import { useRequestRowStyles } from './request-row.styles';

const BAR_COLOR = { IN_PROGRESS: 'brand', DONE: 'success', ERROR: 'error', CANCELLED: 'warning' } as const;

/**
 * One queued request: command, translated status (or that it waits for its disconnected device),
 * progress, attempt, what a done command could not change, and Cancel while it runs (for those who
 * may cancel).
 */
export function RequestRow({
  request,
  onCancel,
}: {
  request: QueuedRequest;
  onCancel?: ((id: string) => void) | undefined;
}) {
  const { t, i18n } = useTranslation('device');
  const { t: tErrors } = useTranslation('errors');
  const styles = useRequestRowStyles();
  const note = requestNote(t, request);
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(new Date(request.createdAt));
  return (
    <li className={styles.root} data-testid={`request-${request.id}`} data-status={request.status}>
      <div>
        <Body1Strong>{t(`commandName.${request.command}`, { defaultValue: request.command })}</Body1Strong>{' '}
        <Caption1>
          {requestStatusLabel(t, request, i18n.language)} · {time}
          {request.attempt > 1 && ` · ${t('requests.attempt', { attempt: request.attempt })}`}
        </Caption1>
      </div>
      {request.status === 'IN_PROGRESS' && onCancel ? (
        <CancelButton size="small" onClick={() => onCancel(request.id)}>
          {t('requests.cancel')}
        </CancelButton>
      ) : (
        <span />
      )}
      <ProgressBar
        className={styles.progress}
        value={request.progress / 100}
        color={isWaitingForDevice(request) ? 'warning' : BAR_COLOR[request.status]}
        aria-label={t('requests.progress', { progress: request.progress })}
      />
      {note && <Caption1 className={styles.note}>{note}</Caption1>}
      {request.error && (
        <Caption1 className={styles.error}>
          {requestErrorMessage(tErrors, request.command, request.error.code)}
        </Caption1>
      )}
    </li>
  );
}
