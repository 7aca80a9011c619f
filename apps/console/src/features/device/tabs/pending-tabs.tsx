import type { Device } from '@farola/protocol';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';

// Alarms, documentation and relations are kept by features still to come; until then these tabs
// say so rather than show an empty list that looks like a fact about the device.

export function AlarmsTab(_props: { device: Device }) {
  const { t } = useTranslation('device-detail');
  return <EmptyState title={t('empty.alarms')} description={t('pending.alarms')} />;
}

export function DocumentationTab(_props: { device: Device }) {
  const { t } = useTranslation('device-detail');
  return <EmptyState title={t('empty.noData')} description={t('pending.documentation')} />;
}

export function RelationsTab(_props: { device: Device }) {
  const { t } = useTranslation('device-detail');
  return <EmptyState title={t('empty.noElements')} description={t('pending.relations')} />;
}
