import { Subtitle2 } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { deviceRequestIdsAtomFamily } from './atoms';
import { RequestRow } from './request-row';
import { useRequestsListStyles } from './requests-list.styles';
import { useCancelRequest } from './use-commands';

/** The device's queued requests, newest first, following their progress live. */
export function RequestsList({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('device');
  const ids = useAtomValue(deviceRequestIdsAtomFamily(deviceId));
  const cancel = useCancelRequest();
  const styles = useRequestsListStyles();
  if (ids.length === 0) return null;
  return (
    <section aria-label={t('requests.title')}>
      <Subtitle2 as="h3">{t('requests.title')}</Subtitle2>
      <ul className={styles.list}>
        {ids.map((id) => (
          <RequestRow key={id} requestId={id} onCancel={(requestId) => void cancel(requestId)} />
        ))}
      </ul>
    </section>
  );
}
