import { Title2 } from '@fluentui/react-components';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceListPage } from './device-list-page';
import { useInventoryPagesStyles } from './inventory-pages.styles';

export type { ListSelection } from './device-list-page';

type ListPageProps = Pick<ComponentProps<typeof DeviceListPage>, 'bulkActions' | 'deviceHref'>;

export function LightPointsPage(props: ListPageProps) {
  return <DeviceListPage deviceType="light-point-controller" {...props} />;
}

export function CabinetControllersPage(props: ListPageProps) {
  return <DeviceListPage deviceType="cabinet-controller" {...props} />;
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
