import type { Device } from '@farola/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { queryKeys } from '@/lib/query/query-client';
import { fetchDeviceHistory } from './api';
import { deviceRequestsQuery } from '@/lib/requests/device-requests-query';
import { CHART_MONTHS, monthStart } from './history-summary';

/**
 * The device's hourly records since the first day of the chart's first month, read again when an
 * `uploadLog` of this device finishes (it brings the months the server was missing).
 */
export function useDeviceHistory(device: Pick<Device, 'id'>) {
  const queries = useQueryClient();
  const from = useMemo(() => monthStart(new Date(), CHART_MONTHS - 1).toISOString(), []);
  const history = useQuery({
    queryKey: [...queryKeys.deviceHistory(device.id), from],
    queryFn: () => fetchDeviceHistory(device.id, from),
  });
  const { data: requests = [] } = useQuery(deviceRequestsQuery(queries, device.id));
  const upload = requests.find((request) => request.command === 'uploadLog');
  const uploadDone = upload?.status === 'DONE' ? upload.id : null;
  useEffect(() => {
    if (uploadDone) void queries.invalidateQueries({ queryKey: queryKeys.deviceHistory(device.id) });
  }, [uploadDone, device.id, queries]);
  return { history, from, upload };
}
