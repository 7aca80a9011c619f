import { useTranslation } from 'react-i18next';
import { LaterVersionScreen } from '@/components/later-version-screen';

// Spec §2 `alarms`: the alarms table arrives in a later version; until then the screen says so.

export function AlarmsPage() {
  const { t } = useTranslation('alarms');
  return <LaterVersionScreen title={t('page.title')} />;
}
