import type { CommandRequest } from '@farola/protocol';
import { useStore } from 'jotai';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/error-message';
import { cancelRequest, sendCommand } from './api';
import { ownRequestIdsAtom } from './atoms';
import { putRequests } from './request-writer';
import { useNotify } from './use-notify';

/** Sends commands and cancellations for one device, with the spec's feedback toasts. */
export function useCommands(deviceId: string) {
  const store = useStore();
  const notify = useNotify();
  const { t } = useTranslation('device');
  const { t: tErrors } = useTranslation('errors');
  const [isSending, setIsSending] = useState(false);

  const send = useCallback(
    async (command: CommandRequest): Promise<boolean> => {
      setIsSending(true);
      try {
        const request = await sendCommand(deviceId, command);
        store.set(ownRequestIdsAtom, new Set(store.get(ownRequestIdsAtom)).add(request.id));
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
    [deviceId, notify, store, t, tErrors],
  );

  const cancel = useCallback(
    async (requestId: string) => {
      try {
        putRequests(store, [await cancelRequest(requestId)]);
      } catch (error) {
        notify.error(errorMessage(tErrors, error));
      }
    },
    [notify, store, tErrors],
  );

  return { send, cancel, isSending };
}
