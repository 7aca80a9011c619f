import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/error-message';
import { useNotify } from '@/lib/notifications/use-notify';
import { queryKeys } from '@/lib/query/query-client';
import { useCursorList } from '@/lib/query/use-cursor-list';
import { deletePhoto, editPhotoCaption, fetchDevicePhotos, uploadPhoto } from './photos-api';

/**
 * The device's photographs, newest first ('Show more' for the next page), and the changes to
 * them: each says how it went in a toast and reloads the list.
 */
export function usePhotos(deviceId: string) {
  const queries = useQueryClient();
  const notify = useNotify();
  const { t } = useTranslation('device-detail');
  const { t: tErrors } = useTranslation('errors');
  const key = queryKeys.devicePhotos(deviceId);
  const list = useCursorList({ queryKey: key, fetchPage: (cursor) => fetchDevicePhotos(deviceId, cursor) });
  const changed = (message: string) => () => {
    notify.success(message);
    return queries.invalidateQueries({ queryKey: key });
  };
  const failed = (error: Error) => notify.error(errorMessage(tErrors, error));
  const upload = useMutation({
    mutationFn: (file: File) => uploadPhoto(deviceId, file),
    onSuccess: changed(t('photos.uploaded')),
    onError: failed,
  });
  const caption = useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => editPhotoCaption(id, text),
    onSuccess: changed(t('photos.edited')),
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (id: string) => deletePhoto(id),
    onSuccess: changed(t('photos.deleted')),
    onError: failed,
  });
  return {
    list,
    upload,
    caption,
    remove,
  };
}
