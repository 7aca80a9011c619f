import type { z } from 'zod';
import { ApiError, apiErrorFromBody } from './api-error';
import { type ApiQuery, apiUrl, headers, readJson, request } from './client';

/**
 * GETs a file from the API with the caller's token (an `<img src>` or a link cannot carry it), as a Blob.
 *
 * @example
 * const image = await apiBlob(`photos/${id}/content`, { signal: controller.signal });
 * img.src = URL.createObjectURL(image);
 */
export async function apiBlob(path: string, options: { query?: ApiQuery; signal?: AbortSignal } = {}): Promise<Blob> {
  const { query, signal } = options;
  const init: RequestInit = { headers: headers(false), ...(signal ? { signal } : {}) };
  (init.headers as Headers).set('Accept', '*/*');
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'SERVICE_UNAVAILABLE', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw apiErrorFromBody(response.status, await readJson(response));
  return response.blob();
}

/**
 * GETs a file from the API and hands it to the browser as a download named `fileName`.
 *
 * @example
 * await apiDownload('devices/export.csv', { deviceType: 'cabinet-controller' }, 'cabinet-controllers.csv');
 */
export async function apiDownload(path: string, query: ApiQuery, fileName: string): Promise<void> {
  const objectUrl = URL.createObjectURL(await apiBlob(path, { query }));
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}

/**
 * POSTs a file as the body itself, in its own Content-Type, and validates the answer.
 *
 * @example
 * const photo = await apiUpload(`devices/${id}/photos`, file, { filename: file.name }, DevicePhotoSchema);
 */
export function apiUpload<S extends z.ZodType>(
  path: string,
  file: Blob,
  query: ApiQuery,
  schema: S,
): Promise<z.infer<S>> {
  const init = { method: 'POST', headers: headers(false), body: file };
  init.headers.set('Content-Type', file.type);
  return request(apiUrl(path, query), init, schema);
}
