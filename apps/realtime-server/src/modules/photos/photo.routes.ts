import {
  ACTION_ROLES,
  DevicePhotoListQuerySchema,
  DevicePhotoSchema,
  PHOTO_CONTENT_TYPES,
  PHOTO_MAX_BYTES,
  PhotoEditSchema,
  PhotoUploadQuerySchema,
  pageSchema,
} from '@farola/protocol';
import { z } from 'zod';
import { defineRoute, type Route } from '../../http/define-route';
import type { PhotoService } from './photo.service';

const PHOTO_ID = { description: 'Photograph id' };

export function photoRoutes(photos: PhotoService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/devices/:id/photos',
      operationId: 'listDevicePhotos',
      summary: "A device's photographs (metadata only), newest first",
      roles: [],
      id: { description: 'Device id' },
      query: DevicePhotoListQuerySchema,
      response: { component: 'DevicePhotoPage', schema: pageSchema(DevicePhotoSchema) },
      handler: ({ user, id, query }) => photos.list(user, id, query),
    }),
    defineRoute({
      method: 'post',
      path: '/devices/:id/photos',
      operationId: 'uploadDevicePhoto',
      summary: 'Uploads a photograph of the device: the body is the image, sent with its Content-Type',
      roles: ACTION_ROLES.editDevices,
      id: { description: 'Device id' },
      query: PhotoUploadQuerySchema,
      upload: {
        types: PHOTO_CONTENT_TYPES,
        limitBytes: PHOTO_MAX_BYTES,
        description: 'A JPEG, PNG or WebP image of up to 5 MB, its bytes matching its Content-Type',
      },
      response: { component: 'DevicePhoto', schema: DevicePhotoSchema, status: 201 },
      handler: ({ user, id, query, file }) => photos.upload(user, id, query, file),
    }),
    defineRoute({
      method: 'get',
      path: '/photos/:id/content',
      operationId: 'getPhotoContent',
      summary: 'The image of a photograph',
      roles: [],
      id: PHOTO_ID,
      response: {
        component: 'PhotoContent',
        schema: z.void(),
        description: 'The image, in its own Content-Type (image/jpeg, image/png or image/webp); Cache-Control private',
      },
      handler: ({ user, id, res }) => photos.content(user, id, res),
    }),
    defineRoute({
      method: 'patch',
      path: '/photos/:id',
      operationId: 'editPhoto',
      summary: "Changes a photograph's caption",
      roles: ACTION_ROLES.editDevices,
      id: PHOTO_ID,
      body: { component: 'PhotoEdit', schema: PhotoEditSchema },
      response: { component: 'DevicePhoto', schema: DevicePhotoSchema },
      handler: ({ user, id, body }) => photos.edit(user, id, body),
    }),
    defineRoute({
      method: 'delete',
      path: '/photos/:id',
      operationId: 'deletePhoto',
      summary: 'Deletes a photograph; answers what it was',
      roles: ACTION_ROLES.editDevices,
      id: PHOTO_ID,
      response: { component: 'DevicePhoto', schema: DevicePhotoSchema },
      handler: ({ user, id }) => photos.delete(user, id),
    }),
  ];
}
