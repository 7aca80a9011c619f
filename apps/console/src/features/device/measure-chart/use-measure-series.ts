import type { Device } from '@farola/protocol';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { queryKeys } from '@/lib/query/query-client';
import { fetchDeviceHistory } from '../api';
import {
  appendPoint,
  CHART_MEASURES,
  historyPoints,
  historyStart,
  livePoint,
  toSeries,
  type ChartMeasure,
  type MeasurePoint,
} from './measure-series';

/** The most live points kept per measure while the tab is open (a report every few seconds: hours of them). */
const LIVE_POINTS_MAX = 5000;

type LiveLog = Partial<Record<ChartMeasure, readonly MeasurePoint[]>>;

function logReport(log: LiveLog, device: Device): LiveLog {
  const next: LiveLog = { ...log };
  for (const measure of CHART_MEASURES) {
    const point = livePoint(measure, device.attributes, device.attributesUpdatedAt);
    if (!point) continue;
    const { series, change } = appendPoint(log[measure] ?? [], point);
    if (change !== 'ignore') next[measure] = series.length > LIVE_POINTS_MAX ? series.slice(1) : series;
  }
  return next;
}

/**
 * The chart's series of `measure`: the last day of logged hourly records (`GET /devices/{id}/history`)
 * followed by every report of the open device since the tab opened. `key` changes when the series is
 * rebuilt (another measure, new history), so the chart knows to redraw it rather than append.
 */
export function useMeasureSeries(device: Device, measure: ChartMeasure) {
  const from = useMemo(() => historyStart(new Date()), []);
  const history = useQuery({
    queryKey: [...queryKeys.deviceHistory(device.id), from],
    queryFn: () => fetchDeviceHistory(device.id, from),
  });
  // Each report the live device brings is logged once, as it is rendered.
  const [live, setLive] = useState(() => ({ reportedAt: device.attributesUpdatedAt, log: logReport({}, device) }));
  if (live.reportedAt !== device.attributesUpdatedAt) {
    setLive({ reportedAt: device.attributesUpdatedAt, log: logReport(live.log, device) });
  }
  const records = history.data;
  const measureLog = live.log[measure];
  const points = useMemo(
    () => toSeries([...historyPoints(measure, records ?? []), ...(measureLog ?? [])]),
    [measure, records, measureLog],
  );
  return { points, key: `${measure}:${history.dataUpdatedAt}`, isLoadingHistory: history.isPending };
}
