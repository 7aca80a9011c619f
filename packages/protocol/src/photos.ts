import { z } from 'zod';
import { PageQuerySchema } from './pagination';
import { IsoDateTimeSchema, text } from './primitives';

/** The image types a device photograph may be (spec §3 Organisation: photography). */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PhotoContentTypeSchema = z.enum(PHOTO_CONTENT_TYPES);
export type PhotoContentType = z.infer<typeof PhotoContentTypeSchema>;

/** Largest photograph accepted: 5 MB. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_FILENAME_MAX_LENGTH = 255;
export const PHOTO_CAPTION_MAX_LENGTH = 500;

/** A file name as given by the uploader: no path separators, no control characters. */
const FilenameSchema = text()
  .trim()
  .min(1)
  .max(PHOTO_FILENAME_MAX_LENGTH)
  .regex(/^[^/\\\p{Cc}]+$/u, 'A file name without path separators or control characters');

/** A caption; blank means none. */
const CaptionSchema = text()
  .trim()
  .max(PHOTO_CAPTION_MAX_LENGTH)
  .transform((caption) => (caption === '' ? null : caption));

/**
 * A photograph of a device, without its bytes (`GET /photos/{id}/content` serves them).
 *
 * @example
 * DevicePhotoSchema.parse({ id, deviceId, projectId, filename: 'pole.jpg', caption: null,
 *   contentType: 'image/jpeg', size: 48213, uploadedBy: 'operator', uploadedAt: '2026-05-01T10:00:00.000Z' });
 */
export const DevicePhotoSchema = z.object({
  id: z.uuid(),
  deviceId: z.uuid(),
  /** The device's project when the photograph was uploaded. */
  projectId: z.uuid(),
  filename: z.string(),
  caption: z.string().nullable(),
  contentType: PhotoContentTypeSchema,
  size: z.number().int().min(1),
  uploadedBy: z.string(),
  uploadedAt: IsoDateTimeSchema,
});
export type DevicePhoto = z.infer<typeof DevicePhotoSchema>;

/** `GET /devices/{id}/photos`: newest first, a fixed order. */
export const DevicePhotoListQuerySchema = PageQuerySchema.omit({ q: true });
export type DevicePhotoListQuery = z.infer<typeof DevicePhotoListQuerySchema>;

/**
 * `POST /devices/{id}/photos?filename=&caption=`: the body is the image itself, sent with its
 * Content-Type.
 *
 * @example
 * PhotoUploadQuerySchema.parse({ filename: 'pole.jpg', caption: 'After repainting' });
 */
export const PhotoUploadQuerySchema = z.strictObject({
  filename: FilenameSchema,
  caption: CaptionSchema.optional(),
});
export type PhotoUploadQuery = z.infer<typeof PhotoUploadQuerySchema>;

/** `PATCH /photos/{id}`: the new caption ('' removes it). */
export const PhotoEditSchema = z.strictObject({ caption: CaptionSchema });
export type PhotoEdit = z.infer<typeof PhotoEditSchema>;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0) =>
  prefix.every((byte, index) => bytes[offset + index] === byte);

/**
 * The image type the bytes really are, read from their signature ("magic bytes"), or null when
 * they are none of the accepted types: a client's Content-Type alone proves nothing.
 *
 * @example
 * imageTypeOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])); // 'image/png'
 */
export function imageTypeOf(bytes: Uint8Array): PhotoContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}
