import type { CommandRequest, Device, QueuedRequest } from '@farola/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/error-message';
import { useNotify } from '@/lib/notifications/use-notify';
import { queryKeys } from '@/lib/query/query-client';
import { addOwnRequest } from '@/lib/requests/own-requests';
import { mergeRequests } from '@/lib/requests/request-list';
import { sendCommand } from '@/lib/requests/requests-api';

/**
 * Sends a cabinet output's schedule commands the way the panel's command buttons do: 'Operation
 * queued', the request on top of the panel's requests with its live progress (its later states come
 * on the device's stream), and its outcome toasted by `RequestOutcomeToasts` as one of this tab's.
 * `send` rejects with the server's refusal in the user's language, for the dialog to show.
 */
export function useCabinetOutputCommands(device: Pick<Device, 'id' | 'name' | 'serialNumber'>) {
  const store = useStore();
  const queries = useQueryClient();
  const notify = useNotify();
  const { t } = useTranslation('device');
  const { t: tErrors } = useTranslation('errors');
  const { mutateAsync, isPending } = useMutation({
    mutationFn: (command: CommandRequest) => sendCommand(device.id, command),
    onSuccess: (request) => {
      addOwnRequest(store, request.id, { deviceLabel: device.name || device.serialNumber });
      queries.setQueryData<QueuedRequest[]>(queryKeys.deviceRequests(request.deviceId), (list) =>
        mergeRequests(list ?? [], [request]),
      );
      notify.info(t('commands.queued'));
    },
  });
  const send = useCallback(
    async (command: CommandRequest): Promise<void> => {
      try {
        await mutateAsync(command);
      } catch (error) {
        throw new Error(errorMessage(tErrors, error));
      }
    },
    [mutateAsync, tErrors],
  );
  return { send, isSending: isPending };
}
