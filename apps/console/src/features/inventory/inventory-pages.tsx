import { Breadcrumb, BreadcrumbButton, BreadcrumbDivider, BreadcrumbItem, Title2 } from '@fluentui/react-components';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouteLink } from 'wouter';
import { paths } from '@/lib/paths';
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

const DETAILS = {
  lightPoint: { title: 'lightPointDetails.title', list: 'lightPoints.title', path: paths.lightPoints },
  cabinetController: {
    title: 'cabinetControllerDetails.title',
    list: 'cabinetControllers.title',
    path: paths.cabinetControllers,
  },
} as const;

/**
 * A device of an inventory list on a page of its own (spec §2 LightPointDetails and
 * CabinetControllerDetails), over the page's width: a breadcrumb back to its list, the title, and
 * the device detail view its route composes in.
 */
export function DeviceDetailsPage({ kind, panel }: { kind: keyof typeof DETAILS; panel: ReactNode }) {
  const { t } = useTranslation('inventory');
  const { t: tCommon } = useTranslation('common');
  const styles = useInventoryPagesStyles();
  const details = DETAILS[kind];
  return (
    <section className={styles.details} aria-label={t(details.title)}>
      <Breadcrumb aria-label={t('deviceDetails.breadcrumb')} size="small">
        <BreadcrumbItem>
          <RouteLink href={paths.inventory.build()} asChild>
            <BreadcrumbButton>{tCommon('nav.inventory')}</BreadcrumbButton>
          </RouteLink>
        </BreadcrumbItem>
        <BreadcrumbDivider />
        <BreadcrumbItem>
          <RouteLink href={details.path.build()} asChild>
            <BreadcrumbButton data-testid="back-to-list">{t(details.list)}</BreadcrumbButton>
          </RouteLink>
        </BreadcrumbItem>
      </Breadcrumb>
      <Title2 as="h1" className={styles.title}>
        {t(details.title)}
      </Title2>
      {panel}
    </section>
  );
}
