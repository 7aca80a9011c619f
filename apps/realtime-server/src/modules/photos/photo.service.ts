import {
  type DevicePhoto,
  type DevicePhotoListQuery,
  imageTypeOf,
  type Page,
  PHOTO_MAX_BYTES,
  type PhotoEdit,
  PhotoContentTypeSchema,
  type PhotoUploadQuery,
  toFieldIssues,
} from '@farola/protocol';
import type { Response } from 'express';
import { z } from 'zod';
import type { User } from '../../auth/user';
import type { StoredFile } from '../../db/device-file-store';
import { DomainError } from '../../platform/domain-error';
import type { DeviceService } from '../devices/contract';
import type { PhotoRepository } from './photo.repository';

/** An uploaded photograph: one of the accepted types, and its bytes really that type (not just named so). */
const PhotoFileSchema = z
  .object({
    contentType: PhotoContentTypeSchema,
    bytes: z.instanceof(Uint8Array).refine((bytes) => bytes.length <= PHOTO_MAX_BYTES, 'The file is too large'),
  })
  .refine((file) => imageTypeOf(file.bytes) === file.contentType, {
    path: ['body'],
    message: 'The file is not the image type it was sent as',
  });

/** Stored photographs carry one of the accepted types (the table checks it). */
const asPhoto = (file: StoredFile): DevicePhoto => file as DevicePhoto;

/**
 * Photographs of devices. Whoever may see a device may see its photographs; the routes say who
 * may change them. A photograph of a device the caller cannot see is not found.
 */
export class PhotoService {
  constructor(
    private readonly deps: {
      photos: PhotoRepository;
      devices: DeviceService;
    },
  ) {}

  async list(user: User, deviceId: string, query: DevicePhotoListQuery): Promise<Page<DevicePhoto>> {
    await this.deps.devices.get(user, deviceId);
    const page = await this.deps.photos.list(deviceId, query);
    return { ...page, items: page.items.map(asPhoto) };
  }

  /** Stores a photograph once its bytes prove to be the image type they were sent as ('Unable to process file' otherwise). */
  async upload(
    user: User,
    deviceId: string,
    query: PhotoUploadQuery,
    file: { bytes: Uint8Array; contentType: string },
  ): Promise<DevicePhoto> {
    const device = await this.deps.devices.get(user, deviceId);
    const parsed = PhotoFileSchema.safeParse(file);
    if (!parsed.success) throw new DomainError('UNABLE_TO_PROCESS_FILE', toFieldIssues(parsed.error));
    const checked = parsed.data;
    const stored = await this.deps.photos.insert({
      deviceId,
      projectId: device.projectId,
      filename: query.filename,
      caption: query.caption ?? null,
      contentType: checked.contentType,
      bytes: checked.bytes,
      uploadedBy: user.username,
    });
    return asPhoto(stored);
  }

  /** Sends the image itself, for the caller's eyes only (a shared cache must not keep it). */
  async content(user: User, id: string, res: Response): Promise<void> {
    const photo = await this.visible(user, id);
    const bytes = await this.deps.photos.content(id);
    if (!bytes) throw new DomainError('NOT_FOUND');
    res.status(200);
    res.setHeader('content-type', photo.contentType);
    res.setHeader('cache-control', 'private, max-age=3600');
    res.end(bytes);
  }

  async edit(user: User, id: string, edit: PhotoEdit): Promise<DevicePhoto> {
    await this.visible(user, id);
    const photo = await this.deps.photos.setCaption(id, edit.caption);
    if (!photo) throw new DomainError('NOT_FOUND');
    return asPhoto(photo);
  }

  /** Deletes the photograph and answers what it was. */
  async delete(user: User, id: string): Promise<DevicePhoto> {
    const photo = await this.visible(user, id);
    if (!(await this.deps.photos.delete(id))) throw new DomainError('NOT_FOUND');
    return photo;
  }

  private async visible(user: User, id: string): Promise<DevicePhoto> {
    const photo = await this.deps.photos.get(id);
    if (!photo) throw new DomainError('NOT_FOUND');
    try {
      await this.deps.devices.get(user, photo.deviceId);
    } catch (error) {
      // Another project's photograph is answered as if it did not exist.
      if (error instanceof DomainError && error.code === 'DEVICE_NOT_FOUND') throw new DomainError('NOT_FOUND');
      throw error;
    }
    return asPhoto(photo);
  }
}
