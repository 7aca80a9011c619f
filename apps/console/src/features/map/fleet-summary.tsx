import { Caption1Strong } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { fleetSummaryAtom } from '@/lib/realtime/fleet-atoms';

/**
 * The live counts, e.g. '120 devices · 117 connected · 80 switched on'. Not a live region: the
 * counts change many times a second, which would drown screen-reader users in announcements.
 */
export function FleetSummary() {
  const { total, connected, switchedOn } = useAtomValue(fleetSummaryAtom);
  const { t } = useTranslation('map');
  return (
    <Caption1Strong data-testid="fleet-summary">
      {t('summary.line', {
        devices: t('summary.devices', { count: total }),
        connected: t('summary.connected', { count: connected }),
        switchedOn: t('summary.switchedOn', { count: switchedOn }),
      })}
    </Caption1Strong>
  );
}
