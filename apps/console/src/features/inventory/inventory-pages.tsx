import { Title2 } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LaterVersionScreen } from '@/components/later-version-screen';
import { useInventoryPagesStyles } from './inventory-pages.styles';

// Spec §2 inventory lists, device details and the reboot summary, which arrive in a later version.

export function LightPointsPage() {
  const { t } = useTranslation('inventory');
  return <LaterVersionScreen title={t('lightPoints.title')} />;
}

export function CabinetControllersPage() {
  const { t } = useTranslation('inventory');
  return <LaterVersionScreen title={t('cabinetControllers.title')} />;
}

const DETAILS_TITLE_KEYS = {
  lightPoint: 'lightPointDetails.title',
  cabinetController: 'cabinetControllerDetails.title',
} as const;

/**
 * A device of an inventory list on a page of its own (spec §2 LightPointDetails and
 * CabinetControllerDetails): the title, and the device detail view its route composes in.
 */
export function DeviceDetailsPage({ kind, panel }: { kind: keyof typeof DETAILS_TITLE_KEYS; panel: ReactNode }) {
  const { t } = useTranslation('inventory');
  const styles = useInventoryPagesStyles();
  return (
    <section className={styles.details} aria-label={t(DETAILS_TITLE_KEYS[kind])}>
      <Title2 as="h1">{t(DETAILS_TITLE_KEYS[kind])}</Title2>
      <div className={styles.panel}>{panel}</div>
    </section>
  );
}

export function CabinetControllersRebootSummaryPage() {
  const { t } = useTranslation('inventory');
  return <LaterVersionScreen title={t('rebootSummary.title')} />;
}
