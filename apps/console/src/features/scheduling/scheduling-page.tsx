import { useTranslation } from 'react-i18next';
import { LaterVersionScreen } from '@/components/later-version-screen';

// Spec §2 `scheduling`: control programs and calendars arrive in a later version.

export function SchedulingPage() {
  const { t } = useTranslation('scheduling');
  return <LaterVersionScreen title={t('page.title')} />;
}
