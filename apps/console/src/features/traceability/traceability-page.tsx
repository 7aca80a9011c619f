import { useTranslation } from 'react-i18next';
import { LaterVersionScreen } from '@/components/later-version-screen';

// Spec §2 `traceability`: the searchable device table arrives in a later version.

export function TraceabilityPage() {
  const { t } = useTranslation('traceability');
  return <LaterVersionScreen title={t('page.title')} />;
}
