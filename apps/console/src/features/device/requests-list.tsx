import { ACTION_ROLES } from '@farola/protocol';
import { Button, mergeClasses, Subtitle2 } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '@/lib/auth/user-context';
import { deviceRequestsQuery } from '@/lib/requests/device-requests-query';
import { RequestRow } from './request-row';
import { useRequestsListStyles } from './requests-list.styles';
import { useCancelRequest } from './use-commands';

/** Requests shown until the user asks for all: the latest ones, so the tabs below stay in view. */
export const LATEST_REQUESTS = 2;

/**
 * The device's queued requests, newest first, following their progress live: the latest two, and
 * on 'Show all' every one in a list of bounded height that scrolls.
 */
export function RequestsList({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('device');
  const queries = useQueryClient();
  const { data: requests = [] } = useQuery(deviceRequestsQuery(queries, deviceId));
  const cancel = useCancelRequest();
  const mayCancel = useSignedInUser().hasAnyRole(ACTION_ROLES.commandDevices);
  const styles = useRequestsListStyles();
  const [showAll, setShowAll] = useState(false);
  const listId = useId();
  if (requests.length === 0) return null;
  const more = requests.length > LATEST_REQUESTS;
  const expanded = showAll && more;
  return (
    <section aria-label={t('requests.title')} data-testid="requests">
      <div className={styles.heading}>
        <Subtitle2 as="h3">{t('requests.title')}</Subtitle2>
        {more && (
          <Button
            appearance="transparent"
            size="small"
            aria-expanded={expanded}
            aria-controls={listId}
            data-testid="requests-toggle"
            onClick={() => setShowAll(!expanded)}
          >
            {expanded ? t('requests.showLatest') : t('requests.showAll', { total: requests.length })}
          </Button>
        )}
      </div>
      <ul
        id={listId}
        className={mergeClasses(styles.list, expanded && styles.scrolling)}
        // A list that scrolls is reached from the keyboard too.
        {...(expanded && { tabIndex: 0, 'aria-label': t('requests.list') })}
      >
        {(expanded ? requests : requests.slice(0, LATEST_REQUESTS)).map((request) => (
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
