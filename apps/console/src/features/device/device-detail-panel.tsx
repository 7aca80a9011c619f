import { Button, Spinner } from '@fluentui/react-components';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { EmptyState } from '@/components/empty-state';
import { errorMessage } from '@/lib/api/error-message';
import type { DeviceRouteLinks } from './device-route-links';
import { DeviceView } from './device-view';
import { useDeviceDetailPanelStyles } from './device-detail-panel.styles';
import { useDevice } from './use-device';

/**
 * One device's details; reads `?tab=` itself, and its route says where close and the tabs lead: a
 * side panel beside the map when it has a close, else the content of a page of its own.
 */
export function DeviceDetailPanel({ deviceId, links }: { deviceId: string; links: DeviceRouteLinks }) {
  const { t } = useTranslation('device');
  const styles = useDeviceDetailPanelStyles();
  const Root = links.close === undefined ? 'div' : 'aside';
  return (
    <Root
      className={links.close === undefined ? styles.page : styles.root}
      data-testid="device-panel"
      aria-label={t('panel.label')}
    >
      {/* The tabs' and dialogs' texts (device-detail) load with the panel: a spinner meanwhile. */}
      <Suspense fallback={<Spinner label={t('panel.loading')} />}>
        <PanelContent deviceId={deviceId} links={links} />
      </Suspense>
    </Root>
  );
}

function PanelContent({ deviceId, links }: { deviceId: string; links: DeviceRouteLinks }) {
  // Suspends until the panel's own texts are loaded in the shown language.
  useTranslation('device-detail');
  const lookup = useDevice(deviceId);
  const [, navigate] = useLocation();
  const { t } = useTranslation('device');
  const { t: tErrors } = useTranslation('errors');
  const { close } = links;
  const onClose = close === undefined ? undefined : () => navigate(close);

  return (
    <>
      {lookup.state === 'found' && <DeviceView device={lookup.device} links={links} onClose={onClose} />}
      {lookup.state === 'loading' && <Spinner label={t('panel.loading')} />}
      {lookup.state === 'notFound' && <EmptyState title={tErrors('DEVICE_NOT_FOUND')} />}
      {lookup.state === 'failed' && <EmptyState title={errorMessage(tErrors, lookup.error)} />}
      {lookup.state !== 'found' && onClose && <Button onClick={onClose}>{t('panel.close')}</Button>}
    </>
  );
}
