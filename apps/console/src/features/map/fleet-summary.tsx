import { Caption1Strong } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { fleetSummaryAtom } from '@/lib/realtime/fleet-atoms';

/** The live counts, e.g. '120 devices · 117 connected · 80 switched on'. */
export function FleetSummary() {
  const { total, connected, switchedOn } = useAtomValue(fleetSummaryAtom);
  const { t } = useTranslation('map');
  const parts = [
    t('summary.devices', { count: total }),
    t('summary.connected', { count: connected }),
    t('summary.switchedOn', { count: switchedOn }),
  ];
  return (
    <Caption1Strong data-testid="fleet-summary" aria-live="polite">
      {parts.join(' · ')}
    </Caption1Strong>
  );
}
