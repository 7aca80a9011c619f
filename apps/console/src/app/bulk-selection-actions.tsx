import { lazy, Suspense } from 'react';
import type { DeviceType } from '@farola/protocol';
import type { ListSelection } from '@/features/inventory/inventory-pages';
import { useSignedInUser } from '@/lib/auth/user-context';
import { ROUTE_ROLES } from './route-roles';

const BulkActionsMenu = lazy(() =>
  import('@/features/bulk/bulk-actions-menu').then((m) => ({ default: m.BulkActionsMenu })),
);

interface SelectionActionsProps {
  deviceIds: readonly string[];
  deviceType?: DeviceType | undefined;
  onStarted?: () => void;
}

/** The bulk actions on a selection (a list's or the map's), for users who may change devices. */
export function SelectionActions(props: SelectionActionsProps) {
  const user = useSignedInUser();
  if (!user.hasAnyRole(ROUTE_ROLES.deviceFiles)) return null;
  return (
    <Suspense fallback={null}>
      <BulkActionsMenu {...props} />
    </Suspense>
  );
}

/** An inventory list's bulk actions. */
export function listBulkActions(selection: ListSelection) {
  return (
    <SelectionActions deviceIds={selection.deviceIds} deviceType={selection.deviceType} onStarted={selection.onDone} />
  );
}
