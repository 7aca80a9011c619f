import { Subtitle2 } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { deviceRequestIdsAtomFamily } from './atoms';
import { RequestRow } from './request-row';
import { useRequestsListStyles } from './requests-list.styles';
import { useCommands } from './use-commands';
import { useRequestOutcomes } from './use-request-outcomes';

/** The device's queued requests, newest first, following their progress live. */
export function RequestsList({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('device');
  const ids = useAtomValue(deviceRequestIdsAtomFamily(deviceId));
  const { cancel } = useCommands(deviceId);
  const styles = useRequestsListStyles();
  useRequestOutcomes(deviceId);
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
