import { useTranslation } from 'react-i18next';
import { LaterVersionScreen } from '@/components/later-version-screen';

// Spec §2 inventory lists, device details and the reboot summary, which arrive in a later version.

export function LightPointsPage() {
  const { t } = useTranslation('inventory');
  return <LaterVersionScreen title={t('lightPoints.title')} />;
}

export function CabinetControllersPage() {
  const { t } = useTranslation('inventory');
  return <LaterVersionScreen title={t('cabinetControllers.title')} />;
}

export function LightPointDetailsPage() {
  const { t } = useTranslation('inventory');
  return <LaterVersionScreen title={t('lightPointDetails.title')} />;
}

export function CabinetControllerDetailsPage() {
  const { t } = useTranslation('inventory');
  return <LaterVersionScreen title={t('cabinetControllerDetails.title')} />;
}

export function CabinetControllersRebootSummaryPage() {
  const { t } = useTranslation('inventory');
  return <LaterVersionScreen title={t('rebootSummary.title')} />;
}
