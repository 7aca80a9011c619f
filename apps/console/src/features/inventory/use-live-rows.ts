import type { Device, Page } from '@farola/protocol';
import { type InfiniteData, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { withLifecycleChange } from '@/lib/devices/device-labels';
import { bufferAnimationFrame } from '@/lib/realtime/buffer-animation-frame';
import { realtime } from '@/lib/realtime/live';

/**
 * Keeps the loaded rows of an inventory list current with the lifecycle changes the server pushes
 * (`DeviceLifecycleChanged`: a status action, a failed or finished installation, a reset
 * installation date), a frame's worth at a time; rows of other devices are left as they are.
 */
export function useLiveRows(queryKey: QueryKey): void {
  const queries = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    const listKey = JSON.parse(key) as QueryKey;
    const subscription = realtime
      .event$('DeviceLifecycleChanged')
      .pipe(bufferAnimationFrame())
      .subscribe((changes) => {
        const byDevice = new Map(changes.map((change) => [change.deviceId, change]));
        queries.setQueryData<InfiniteData<Page<Device>>>(listKey, (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  items: page.items.map((device) => {
                    const change = byDevice.get(device.id);
                    return change ? withLifecycleChange(device, change) : device;
                  }),
                })),
              }
            : data,
        );
      });
    return () => subscription.unsubscribe();
  }, [key, queries]);
}
