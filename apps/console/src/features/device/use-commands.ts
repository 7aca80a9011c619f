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

/** Shows a request's new state at once, then reads the device's requests and events again. */
function afterCommand(queries: QueryClient, request: QueuedRequest): void {
  const key = queryKeys.deviceRequests(request.deviceId);
  queries.setQueryData<QueuedRequest[]>(key, (list) => mergeRequests(list ?? [], [request]));
  void queries.invalidateQueries({ queryKey: key });
  void queries.invalidateQueries({ queryKey: queryKeys.deviceEvents(request.deviceId) });
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
