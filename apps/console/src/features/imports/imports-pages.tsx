import { useTranslation } from 'react-i18next';
import { LaterVersionScreen } from '@/components/later-version-screen';

// Spec §2 device and cabinet controller imports, locate and their summaries, which arrive in a later version.

export function ImportDevicesPage() {
  const { t } = useTranslation('imports');
  return <LaterVersionScreen title={t('importDevices.title')} />;
}

export function ImportCabinetControllersPage() {
  const { t } = useTranslation('imports');
  return <LaterVersionScreen title={t('importCabinetControllers.title')} />;
}

export function ImportDevicesSummaryPage() {
  const { t } = useTranslation('imports');
  return <LaterVersionScreen title={t('importDevicesSummary.title')} />;
}

export function ImportCabinetControllersSummaryPage() {
  const { t } = useTranslation('imports');
  return <LaterVersionScreen title={t('importCabinetControllersSummary.title')} />;
}

export function LocateDevicesPage() {
  const { t } = useTranslation('imports');
  return <LaterVersionScreen title={t('locateDevices.title')} />;
}

export function LocateDevicesSummaryPage() {
  const { t } = useTranslation('imports');
  return <LaterVersionScreen title={t('locateDevicesSummary.title')} />;
}
