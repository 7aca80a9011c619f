import { Body1, Button, Caption1, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { eventSummary } from './event-summary';
import { useEventsTabStyles } from './events-tab.styles';
import { formatDateTime } from '@/lib/format/format-value';
import { useEventHistory } from './use-event-history';
import { useValueFormat } from '@/lib/format/use-value-format';

const EVENT_TYPE_KEYS = {
  DeviceAttributeValueUpdated: 'device-detail:eventType.DeviceAttributeValueUpdated',
  DeviceCommandRequested: 'device-detail:eventType.DeviceCommandRequested',
  DeviceConnectionStatusUpdated: 'device-detail:eventType.DeviceConnectionStatusUpdated',
  DeviceLifecycleChanged: 'device-detail:eventType.DeviceLifecycleChanged',
} as const;

/** The device's events, newest first, with live ones on top and 'Show more' paging. */
export function EventsTab({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('device');
  const format = useValueFormat();
  const styles = useEventsTabStyles();
  const { items, hasMore, isLoading, isFailed, showMore, retry } = useEventHistory(deviceId);

  if (items.length === 0) {
    if (isFailed) return <Button onClick={retry}>{t('device-detail:events.retry')}</Button>;
    if (isLoading) return <Spinner label={t('device-detail:events.loading')} />;
    return <EmptyState title={t('device-detail:events.empty')} />;
  }
  return (
    <>
      <ul className={styles.list} aria-label={t('device-detail:tab.eventsHistory')}>
        {items.map((event) => (
          <li key={event.id} className={styles.item}>
            <Caption1>
              {formatDateTime(event.ts, format.language)} · {t(EVENT_TYPE_KEYS[event.type])}
            </Caption1>
            <Body1>{eventSummary(event, t, format)}</Body1>
          </li>
        ))}
      </ul>
      <div className={styles.footer}>
        {hasMore ? (
          <Button onClick={showMore} disabled={isLoading}>
            {t('device-detail:events.showMore')}
          </Button>
        ) : (
          <Caption1>{t('device-detail:events.noMore')}</Caption1>
        )}
      </div>
    </>
  );
}
