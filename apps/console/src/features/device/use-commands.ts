import type { CommandRequest, Device, QueuedRequest } from '@farola/protocol';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/error-message';
import { useNotify } from '@/lib/notifications/use-notify';
import { queryKeys } from '@/lib/query/query-client';
import { addOwnRequest } from '@/lib/requests/own-requests';
import { mergeRequests } from '@/lib/requests/request-list';
import { cancelRequest, sendCommand } from '@/lib/requests/requests-api';

/**
 * Writes the request the server answered into the device's requests, once: its later states, and
 * its event, come on the device's project stream (`DeviceCommandRequested`), so nothing is read again.
 */
function afterCommand(queries: QueryClient, request: QueuedRequest): void {
  queries.setQueryData<QueuedRequest[]>(queryKeys.deviceRequests(request.deviceId), (list) =>
    mergeRequests(list ?? [], [request]),
  );
}

/**
 * Sends commands to one device with the spec's 'Operation queued' toast; the outcome toast comes
 * from `RequestOutcomeToasts`, which follows the request even after the panel closes.
 */
export function useCommands(device: Pick<Device, 'id' | 'name' | 'serialNumber'>) {
  const store = useStore();
  const queries = useQueryClient();
  const notify = useNotify();
  const { t } = useTranslation('device');
  const { t: tErrors } = useTranslation('errors');
  const [isSending, setIsSending] = useState(false);
  const deviceId = device.id;
  const deviceLabel = device.name || device.serialNumber;

  const send = useCallback(
    async (command: CommandRequest): Promise<boolean> => {
      setIsSending(true);
      try {
        const request = await sendCommand(deviceId, command);
        addOwnRequest(store, request.id, { deviceLabel });
        afterCommand(queries, request);
        notify.info(t('commands.queued'));
        return true;
      } catch (error) {
        notify.error(errorMessage(tErrors, error));
        return false;
      } finally {
        setIsSending(false);
      }
    },
    [deviceId, deviceLabel, notify, queries, store, t, tErrors],
  );

  return { send, isSending };
}

/** Cancels a queued request, toasting the error when the server refuses. */
export function useCancelRequest() {
  const queries = useQueryClient();
  const notify = useNotify();
  const { t: tErrors } = useTranslation('errors');
  return useCallback(
    async (requestId: string) => {
      try {
        afterCommand(queries, await cancelRequest(requestId));
      } catch (error) {
        notify.error(errorMessage(tErrors, error));
      }
    },
    [notify, queries, tErrors],
  );
}
