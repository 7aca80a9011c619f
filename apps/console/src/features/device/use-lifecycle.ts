import type { Device, LifecycleAction } from '@farola/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/error-message';
import { useNotify } from '@/lib/notifications/use-notify';
import { queryKeys } from '@/lib/query/query-client';
import { disableDevice, moveLifecycle } from './lifecycle-api';

export type LifecycleChange = LifecycleAction | 'disable';

/**
 * Runs a status action or 'Disable device' on one device: the panel shows the device the server
 * answers at once, and reads its requests (an installation queues `install`) and events again.
 */
export function useLifecycle(deviceId: string) {
  const queries = useQueryClient();
  const notify = useNotify();
  const { t } = useTranslation('device');
  const { t: tErrors } = useTranslation('errors');
  const [isChanging, setIsChanging] = useState(false);

  const change = useCallback(
    async (what: LifecycleChange): Promise<boolean> => {
      setIsChanging(true);
      try {
        const device = what === 'disable' ? await disableDevice(deviceId) : await moveLifecycle(deviceId, what);
        queries.setQueryData<Device>(queryKeys.device(deviceId), device);
        void queries.invalidateQueries({ queryKey: queryKeys.deviceRequests(deviceId) });
        void queries.invalidateQueries({ queryKey: queryKeys.deviceEvents(deviceId) });
        notify.success(t('commands.success'));
        return true;
      } catch (error) {
        notify.error(errorMessage(tErrors, error));
        return false;
      } finally {
        setIsChanging(false);
      }
    },
    [deviceId, notify, queries, t, tErrors],
  );

  return { change, isChanging };
}
