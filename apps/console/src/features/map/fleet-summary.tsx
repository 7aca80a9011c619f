import { Caption1Strong } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { fleetCountsAtom } from './fleet-atoms';

/**
 * The live counts of the devices that pass the quick filters, e.g. '120 devices · 117 connected ·
 * 80 switched on · 2 in alarm'. Not a live region: the counts change many times a second, which
 * would drown screen-reader users in announcements.
 */
export function FleetSummary() {
  const { total, connected, switchedOn, alarm } = useAtomValue(fleetCountsAtom);
  const { t } = useTranslation('map');
  return (
    <Caption1Strong data-testid="fleet-summary">
      {t('summary.line', {
        devices: t('summary.devices', { count: total }),
        connected: t('summary.connected', { count: connected }),
        switchedOn: t('summary.switchedOn', { count: switchedOn }),
        alarm: t('summary.alarm', { count: alarm }),
      })}
    </Caption1Strong>
  );
}
