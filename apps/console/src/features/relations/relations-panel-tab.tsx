import type { Device } from '@farola/protocol';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';

// Relations between devices are kept by a feature still to come; until then the tab says so
// rather than show an empty list that looks like a fact about the device.

export function RelationsTab(_props: { device: Device }) {
  const { t } = useTranslation('device-detail');
  return <EmptyState title={t('empty.noElements')} description={t('pending.relations')} />;
}
