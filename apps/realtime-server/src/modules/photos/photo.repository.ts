import type { Queryable } from '../../db/database';
import { DeviceFileStore } from '../../db/device-file-store';

/** Device photographs (016_device_photos.sql), kept by the shared device file store. */
export class PhotoRepository extends DeviceFileStore {
  constructor(db: Queryable) {
    super(db, 'device_photos');
  }
}
