import type { CommandRequest, Device } from '@farola/protocol';
import { useStore } from 'jotai';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/error-message';
import { cancelRequest, sendCommand } from './api';
import { addOwnRequest } from './request-outcomes';
import { putRequests } from './request-writer';
import { useNotify } from './use-notify';

/**
 * Sends commands to one device with the spec's 'Operation queued' toast; the outcome toast comes
 * from `RequestOutcomeToasts`, which follows the request even after the panel closes.
 */
export function useCommands(device: Pick<Device, 'id' | 'name' | 'serialNumber'>) {
  const store = useStore();
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
        putRequests(store, [request]);
        notify.info(t('commands.queued'));
        return true;
      } catch (error) {
        notify.error(errorMessage(tErrors, error));
        return false;
      } finally {
        setIsSending(false);
      }
    },
    [deviceId, deviceLabel, notify, store, t, tErrors],
  );

  return { send, isSending };
}

/** Cancels a queued request, toasting the error when the server refuses. */
export function useCancelRequest() {
  const store = useStore();
  const notify = useNotify();
  const { t: tErrors } = useTranslation('errors');
  return useCallback(
    async (requestId: string) => {
      try {
        putRequests(store, [await cancelRequest(requestId)]);
      } catch (error) {
        notify.error(errorMessage(tErrors, error));
      }
    },
    [notify, store, tErrors],
  );
}
