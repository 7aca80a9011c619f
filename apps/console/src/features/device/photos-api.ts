import {
  DevicePhotoSchema,
  PHOTO_CONTENT_TYPES,
  PHOTO_MAX_BYTES,
  pageSchema,
  type DevicePhoto,
  type Page,
} from '@farola/protocol';
import { apiDelete, apiGet, apiPatch } from '@/lib/api/client';
import { apiBlob, apiUpload } from '@/lib/api/files';

const PhotoPageSchema = pageSchema(DevicePhotoSchema);

/** How many photographs one 'Show more' loads. */
export const PHOTOS_PAGE_SIZE = 12;

export function fetchDevicePhotos(deviceId: string, cursor?: string): Promise<Page<DevicePhoto>> {
  return apiGet(`devices/${encodeURIComponent(deviceId)}/photos`, PhotoPageSchema, {
    limit: PHOTOS_PAGE_SIZE,
    cursor,
  });
}

/** Why a file cannot be a photograph, checked before sending it: its type, then its size. */
export function photoFileProblem(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | null {
  if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > PHOTO_MAX_BYTES) return 'size';
  return null;
}

export function uploadPhoto(deviceId: string, file: File): Promise<DevicePhoto> {
  return apiUpload(`devices/${encodeURIComponent(deviceId)}/photos`, file, { filename: file.name }, DevicePhotoSchema);
}

export function fetchPhotoImage(photoId: string, signal: AbortSignal): Promise<Blob> {
  return apiBlob(`photos/${encodeURIComponent(photoId)}/content`, signal ? { signal } : {});
}

export function editPhotoCaption(photoId: string, caption: string): Promise<DevicePhoto> {
  return apiPatch(`photos/${encodeURIComponent(photoId)}`, { caption }, DevicePhotoSchema);
}

export function deletePhoto(photoId: string): Promise<DevicePhoto> {
  return apiDelete(`photos/${encodeURIComponent(photoId)}`, DevicePhotoSchema);
}
