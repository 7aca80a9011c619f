import { FLEET_DEVICE_IDS_MAX } from '@farola/protocol';
import { useQuery } from '@tanstack/react-query';
import { fetchFleetDevices } from '@/lib/api/fleet';

/** The names of the listed devices (by id), read in batches of the fleet's compact entries. */
export function useDeviceNames(deviceIds: readonly string[]): ReadonlyMap<string, string> {
  const ids = [...new Set(deviceIds)].sort();
  const names = useQuery({
    queryKey: ['device-names', ids],
    queryFn: async () => {
      const batches: string[][] = [];
      for (let start = 0; start < ids.length; start += FLEET_DEVICE_IDS_MAX)
        batches.push(ids.slice(start, start + FLEET_DEVICE_IDS_MAX));
      const lists = await Promise.all(batches.map((batch) => fetchFleetDevices(batch)));
      return new Map(lists.flatMap((list) => list.items.map((device) => [device.deviceId, device.name] as const)));
    },
    enabled: ids.length > 0,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  return names.data ?? new Map<string, string>();
}
