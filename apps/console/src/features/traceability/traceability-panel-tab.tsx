import { pageSchema, QueuedRequestSchema, type Device, type QueuedRequest } from '@farola/protocol';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { apiGet } from '@/lib/api/client';
import { formatDateTime } from '@/lib/format/format-value';
import { useCursorList } from '@/lib/query/use-cursor-list';

const PAGE_SIZE = 20;
const RequestPageSchema = pageSchema(QueuedRequestSchema);

/** Who asked the device to do what and when, and how it ended: its queued requests, newest first, paged. */
export function TraceabilityTab({ device }: { device: Device }) {
  const { t, i18n } = useTranslation('device-detail');
  const { t: tDevice } = useTranslation('device');
  const list = useCursorList({
    queryKey: ['device', device.id, 'traceability'],
    fetchPage: (cursor) =>
      apiGet('queued-requests', RequestPageSchema, { deviceId: device.id, limit: PAGE_SIZE, cursor }),
  });
  const columns: DataTableColumn<QueuedRequest>[] = [
    {
      id: 'date',
      header: t('traceability.date'),
      cell: (request) => formatDateTime(request.createdAt, i18n.language),
    },
    { id: 'command', header: t('traceability.command'), cell: (request) => tDevice(`commandName.${request.command}`) },
    { id: 'user', header: t('traceability.user'), cell: (request) => request.requestedBy ?? '—' },
    { id: 'status', header: t('traceability.status'), cell: (request) => tDevice(`requestStatus.${request.status}`) },
  ];
  return (
    <DataTable
      label={t('tab.traceability')}
      testId="traceability-table"
      columns={columns}
      list={list}
      getRowId={(request) => request.id}
      emptyTitle={t('empty.noData')}
    />
  );
}
