import type { Device, ScheduleSync } from '@farola/protocol';
import { MessageBar, MessageBarBody, type MessageBarProps } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { FieldList } from '@/components/field-list';
import { formatAttribute } from '@/lib/format/format-value';
import { useValueFormat } from '@/lib/format/use-value-format';
import { queryKeys } from '@/lib/query/query-client';
import { fetchLatestRequest } from '@/lib/requests/requests-api';
import { deviceRequestsQuery } from '@/lib/requests/device-requests-query';
import { OPERATE_MODE_KEYS } from '@/lib/devices/operate-modes';
import { isCalendarManaged, latestScheduleRequest, SCHEDULE_COMMANDS } from '@/lib/requests/schedule-requests';
import { fetchDeviceSchedule } from './api';
import { DeviceGroupAction, scheduleStateKey } from './device-group-action';
import { DeviceYearPreview } from './device-year-preview';
import { CabinetOutputSchedules } from './cabinet-output-schedules';

interface SyncLine {
  intent: NonNullable<MessageBarProps['intent']>;
  key: 'scheduling.inSync' | 'scheduling.outOfSync' | 'scheduling.none';
}

/** The schedule states the tab says in a line ('sending' shows as 'Scheduling update in progress'). */
const SYNC_LINES: Partial<Record<ScheduleSync, SyncLine>> = {
  inSync: { intent: 'success', key: 'scheduling.inSync' },
  outOfSync: { intent: 'warning', key: 'scheduling.outOfSync' },
  none: { intent: 'info', key: 'scheduling.none' },
};

/**
 * How the device is scheduled: its group, its operate mode, today's sunrise and sunset, whether a
 * calendar manages it ('The scheduling is managed by a calendar', or 'Scheduling update in progress'
 * while one is sent), and whether what it runs is its group's schedule as it stands now.
 */
export function SchedulingTab({ device }: { device: Device }) {
  const { t } = useTranslation('device-detail');
  const { t: tDevice } = useTranslation('device');
  const { t: tScheduling } = useTranslation('scheduling');
  const format = useValueFormat();
  const queries = useQueryClient();
  // The server answers for the newest schedule request however far back; the live recent requests
  // bring the ones sent since, and the progress of both.
  const { data: newestStored = null } = useQuery({
    queryKey: [...queryKeys.deviceRequests(device.id), 'schedule'],
    queryFn: () => fetchLatestRequest(device.id, SCHEDULE_COMMANDS),
  });
  const { data: requests = [] } = useQuery(deviceRequestsQuery(queries, device.id));
  const latest = latestScheduleRequest(newestStored, requests);
  const mode = device.attributes.operateMode;
  const rows = [
    ...(mode
      ? [
          {
            key: 'operateMode',
            label: tDevice('device-detail:attribute.operateMode'),
            value: `${mode} — ${t(OPERATE_MODE_KEYS[mode])}`,
          },
        ]
      : []),
    ...(device.attributes.astronomicalInfo
      ? [
          {
            key: 'sun',
            label: tDevice('device-detail:attribute.astronomicalInfo'),
            value: formatAttribute('astronomicalInfo', device.attributes, format),
          },
        ]
      : []),
  ];
  const calendarManaged = isCalendarManaged(latest);
  // Read again whenever the device's newest schedule request changes (sent, confirmed, failed).
  const { data: state } = useQuery({
    queryKey: [...scheduleStateKey(device.id), latest?.id, latest?.status],
    queryFn: () => fetchDeviceSchedule(device.id),
  });
  const syncLine = state && SYNC_LINES[state.sync];
  const groupMode = state?.group.operateMode ?? null;
  // Spec §4: while a device takes the operate mode its group manages (sent with the schedule).
  const modeUpdating =
    latest?.status === 'IN_PROGRESS' && latest.command === 'setSchedule' && 'operateMode' in latest.params;
  if (state) {
    rows.unshift({
      key: 'group',
      label: t('scheduling.group'),
      value: state.group.isDefault ? tScheduling('groups.defaultName') : state.group.name,
    });
  }
  if (groupMode) {
    rows.push({
      key: 'groupOperateMode',
      label: t('scheduling.operateModeByGroup'),
      value: `${groupMode} — ${t(OPERATE_MODE_KEYS[groupMode])}`,
    });
  }
  return (
    <>
      {latest?.status === 'IN_PROGRESS' && (
        <MessageBar intent="info" data-testid="scheduling-status">
          <MessageBarBody>{t('scheduling.updating')}</MessageBarBody>
        </MessageBar>
      )}
      {modeUpdating && (
        <MessageBar intent="info" data-testid="scheduling-operate-mode">
          <MessageBarBody>{t('scheduling.operateModeUpdating')}</MessageBarBody>
        </MessageBar>
      )}
      {calendarManaged && (
        <MessageBar intent="info" data-testid="scheduling-status">
          <MessageBarBody>{t('scheduling.byCalendar')}</MessageBarBody>
        </MessageBar>
      )}
      {syncLine && (
        <MessageBar intent={syncLine.intent} data-testid="scheduling-sync">
          <MessageBarBody>{t(syncLine.key)}</MessageBarBody>
        </MessageBar>
      )}
      {rows.length > 0 ? <FieldList rows={rows} /> : <EmptyState title={t('empty.noData')} />}
      <DeviceGroupAction device={device} />
      <DeviceYearPreview device={device} />
      {device.deviceType === 'cabinet-controller' && <CabinetOutputSchedules device={device} />}
    </>
  );
}
