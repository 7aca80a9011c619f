import { useEffect, useState } from 'react';
import { fetchPhotoImage } from './photos-api';

/**
 * An object URL of the photograph's image, fetched with the caller's token; null until loaded
 * (or when it fails). The request is aborted and the URL revoked when the photograph leaves the screen.
 */
export function usePhotoUrl(photoId: string): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchPhotoImage(photoId, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ url, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ url: null, failed: true });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [photoId]);
  return state;
}
