import { useCallback } from 'react';
import { useLocation, useRoute } from 'wouter';
import { paths } from '@/lib/paths';

/** The device the route has open (`/map/devices/:id`), and how to open another one. */
export function useSelectedDevice(): { selectedId: string | null; selectDevice: (id: string) => void } {
  const [, params] = useRoute<{ id: string }>(paths.mapDevice.pattern);
  const [, navigate] = useLocation();
  const selectDevice = useCallback(
    (id: string) => navigate(paths.mapDevice.build({ id }, { tab: 'details' })),
    [navigate],
  );
  return { selectedId: params?.id ?? null, selectDevice };
}
