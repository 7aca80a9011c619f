import { ATTRIBUTE_KEYS, type DeviceEvent } from '@farola/protocol';
import type { TFunction } from 'i18next';
import { formatAttribute, formatDay, type ValueFormat } from '@/lib/format/format-value';

/** One line describing an event, e.g. 'Dimming: 70 %' or 'Switch off: Done'. */
export function eventSummary(event: DeviceEvent, t: TFunction<'device'>, format: ValueFormat): string {
  switch (event.type) {
    case 'DeviceAttributeValueUpdated': {
      const { values } = event.payload;
      return ATTRIBUTE_KEYS.filter((key) => values[key] !== undefined)
        .map((key) => `${t(`device-detail:attribute.${key}`)}: ${formatAttribute(key, values, format)}`)
        .join(' · ');
    }
    case 'DeviceCommandRequested': {
      const { command, status } = event.payload.request;
      return `${t(`commandName.${command}`, { defaultValue: command })}: ${t(`requestStatus.${status}`)}`;
    }
    case 'DeviceConnectionStatusUpdated':
      return t(event.payload.connected ? 'connection.connected' : 'connection.disconnected');
    case 'DeviceLifecycleChanged': {
      const { cause, from, to, changedBy, installationDate, installationFailure } = event.payload;
      if (cause === 'disable') {
        return changedBy ? t('lifecycleEvent.disabledBy', { user: changedBy }) : t('lifecycleEvent.disabled');
      }
      if (cause === 'installationFailed' && installationFailure) {
        return t('lifecycleEvent.installationFailed', { failure: t(`errors:${installationFailure.code}`) });
      }
      if (cause === 'retryInstallation') {
        return changedBy ? t('lifecycleEvent.retriedBy', { user: changedBy }) : t('lifecycleEvent.retried');
      }
      if (cause === 'installationReset' && installationDate) {
        return t('lifecycleEvent.installationReset', { date: formatDay(installationDate, format.language) });
      }
      const statuses = { from: t(`status.${from}`), to: t(`status.${to}`) };
      return changedBy
        ? t('lifecycleEvent.movedBy', { ...statuses, user: changedBy })
        : t('lifecycleEvent.moved', statuses);
    }
  }
}
