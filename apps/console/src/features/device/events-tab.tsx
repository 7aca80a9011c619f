import { Body1, Caption1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ListFooter, ListPlaceholder } from '@/components/list-states';
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
  const list = useEventHistory(deviceId);

  if (list.items.length === 0) {
    return (
      <ListPlaceholder
        state={list}
        texts={{ loadingLabel: t('device-detail:events.loading'), emptyTitle: t('device-detail:events.empty') }}
      />
    );
  }
  return (
    <>
      <ul className={styles.list} aria-label={t('device-detail:tab.eventsHistory')}>
        {list.items.map((event) => (
          <li key={event.id} className={styles.item}>
            <Caption1>
              {formatDateTime(event.ts, format.language)} · {t(EVENT_TYPE_KEYS[event.type])}
            </Caption1>
            <Body1>{eventSummary(event, t, format)}</Body1>
          </li>
        ))}
      </ul>
      <ListFooter paging={list} />
    </>
  );
}
