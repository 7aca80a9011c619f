import type { Device, DeviceEdit } from '@farola/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/error-message';
import { useNotify } from '@/lib/notifications/use-notify';
import { queryKeys } from '@/lib/query/query-client';
import { editDevice } from './api';

/** Edits the device (notes, fixed location, luminaire fields), puts the answer in the cache and says 'Device edited' or why not. */
export function useEditDevice(deviceId: string) {
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
    onError: (error) => notify.error(errorMessage(tErrors, error)),
  });
}
