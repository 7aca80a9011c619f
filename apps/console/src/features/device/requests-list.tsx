import { ACTION_ROLES } from '@farola/protocol';
import { Subtitle2 } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '@/lib/auth/user-context';
import { deviceRequestsQuery } from './device-requests-query';
import { RequestRow } from './request-row';
import { useRequestsListStyles } from './requests-list.styles';
import { useCancelRequest } from './use-commands';

/** The device's queued requests, newest first, following their progress live. */
export function RequestsList({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('device');
  const queries = useQueryClient();
  const { data: requests = [] } = useQuery(deviceRequestsQuery(queries, deviceId));
  const cancel = useCancelRequest();
  const mayCancel = useSignedInUser().hasAnyRole(ACTION_ROLES.commandDevices);
  const styles = useRequestsListStyles();
  if (requests.length === 0) return null;
  return (
    <section aria-label={t('requests.title')}>
      <Subtitle2 as="h3">{t('requests.title')}</Subtitle2>
      <ul className={styles.list}>
        {requests.map((request) => (
          <RequestRow
            key={request.id}
            request={request}
            onCancel={mayCancel ? (requestId) => void cancel(requestId) : undefined}
          />
        ))}
      </ul>
    </section>
  );
}
