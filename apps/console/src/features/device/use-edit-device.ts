import type { Device, DeviceEdit } from '@farola/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/error-message';
import { useNotify } from '@/lib/notifications/use-notify';
import { queryKeys } from '@/lib/query/query-client';
import { editDevice } from './api';

/**
 * Edits the device (name, notes, fixed location, luminaire fields), puts the answer in the cache and
 * says 'Device edited'; why not goes to `onError` when the form shows it itself, else to a toast.
 */
export function useEditDevice(deviceId: string, options: { onError?: (message: string) => void } = {}) {
  const queries = useQueryClient();
  const notify = useNotify();
  const { t } = useTranslation('device-detail');
  const { t: tErrors } = useTranslation('errors');
  return useMutation({
    mutationFn: (edit: DeviceEdit) => editDevice(deviceId, edit),
    onSuccess: (device: Device) => {
      queries.setQueryData<Device>(queryKeys.device(deviceId), (current) =>
        current
          ? {
              ...current,
              name: device.name,
              fixedLocation: device.fixedLocation,
              notes: device.notes,
              luminaireSerialNumber: device.luminaireSerialNumber,
              luminaireType: device.luminaireType,
              bracketType: device.bracketType,
              driver: device.driver,
            }
          : device,
      );
      notify.success(t('edited'));
    },
    onError: (error) => {
      const message = errorMessage(tErrors, error);
      if (options.onError) options.onError(message);
      else notify.error(message);
    },
  });
}
