import type { FarolaModule } from '../../platform/module';
import { PhotoRepository } from './photo.repository';
import { photoRoutes } from './photo.routes';
import { PhotoService } from './photo.service';

/** Photographs of devices (spec §3 Organisation: photography): upload, list, view, caption, delete. */
export const photosModule: FarolaModule = {
  name: 'photos',
  description: 'Photographs of devices',
  migrations: new URL('./migrations/', import.meta.url),
  setup: ({ db, services }) => {
    const photos = new PhotoService({ photos: new PhotoRepository(db), devices: services.get('devices').reads });
    return { routes: photoRoutes(photos) };
  },
};
