import { useTranslation } from 'react-i18next';
import { LaterVersionScreen } from '@/components/later-version-screen';

// Spec §2 `dashboard`: the consumption and energy dashboard arrives in a later version.

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  return <LaterVersionScreen title={t('page.title')} />;
}
