import type { Device } from '@farola/protocol';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';

// Alarms are kept by the alarms feature, still to come; until then the tab says so rather than
// show an empty list that looks like a fact about the device.

export function AlarmsTab(_props: { device: Device }) {
  const { t } = useTranslation('device-detail');
  return <EmptyState title={t('empty.alarms')} description={t('pending.alarms')} />;
}
