import { useCallback } from 'react';
import { useLocation, useRoute } from 'wouter';

/** The device the route has open (`/map/devices/:id`), and how to open another one. */
export function useSelectedDevice(): { selectedId: string | null; selectDevice: (id: string) => void } {
  const [, params] = useRoute<{ id: string }>('/map/devices/:id');
  const [, navigate] = useLocation();
  const selectDevice = useCallback((id: string) => navigate(`/map/devices/${id}?tab=details`), [navigate]);
  return { selectedId: params?.id ?? null, selectDevice };
}
