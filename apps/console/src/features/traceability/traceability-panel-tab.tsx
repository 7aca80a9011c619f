import { pageSchema, QueuedRequestSchema, type Device } from '@farola/protocol';
import {
  Button,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { apiGet } from '@/lib/api/client';
import { errorMessage } from '@/lib/api/error-message';
import { formatDateTime } from '@/lib/format/format-value';

const PAGE_SIZE = 20;
const RequestPageSchema = pageSchema(QueuedRequestSchema);

/** Who asked the device to do what and when, and how it ended: its queued requests, newest first, paged. */
export function TraceabilityTab({ device }: { device: Device }) {
  const { t, i18n } = useTranslation('device-detail');
  const { t: tDevice } = useTranslation('device');
  const { t: tErrors } = useTranslation('errors');
  const pages = useInfiniteQuery({
    queryKey: ['device', device.id, 'traceability'],
    queryFn: ({ pageParam }) =>
      apiGet('queued-requests', RequestPageSchema, { deviceId: device.id, limit: PAGE_SIZE, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  if (pages.isPending) return <Spinner size="small" />;
  if (pages.isError) return <EmptyState title={errorMessage(tErrors, pages.error)} />;
  const requests = pages.data.pages.flatMap((page) => page.items);
  if (requests.length === 0) return <EmptyState title={t('empty.noData')} />;
  return (
    <>
      <Table size="small" aria-label={t('tab.traceability')} data-testid="traceability-table">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('traceability.date')}</TableHeaderCell>
            <TableHeaderCell>{t('traceability.command')}</TableHeaderCell>
            <TableHeaderCell>{t('traceability.user')}</TableHeaderCell>
            <TableHeaderCell>{t('traceability.status')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {requests.map((request) => (
            <TableRow key={request.id}>
              <TableCell>{formatDateTime(request.createdAt, i18n.language)}</TableCell>
              <TableCell>{tDevice(`commandName.${request.command}`)}</TableCell>
              <TableCell>{request.requestedBy ?? '—'}</TableCell>
              <TableCell>{tDevice(`requestStatus.${request.status}`)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {pages.hasNextPage ? (
        <Button disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {tDevice('device-detail:events.showMore')}
        </Button>
      ) : (
        <p>{tDevice('device-detail:events.noMore')}</p>
      )}
    </>
  );
}
