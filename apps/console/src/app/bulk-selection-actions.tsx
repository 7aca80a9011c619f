import { lazy, Suspense } from 'react';
import { ACTION_ROLES, type DeviceType } from '@farola/protocol';
import type { ListSelection } from '@/features/inventory/inventory-pages';
import { useSignedInUser } from '@/lib/auth/user-context';

const BulkActionsMenu = lazy(() =>
  import('@/features/bulk/bulk-actions-menu').then((m) => ({ default: m.BulkActionsMenu })),
);

interface SelectionActionsProps {
  deviceIds: readonly string[];
  deviceType?: DeviceType | undefined;
  onStarted?: () => void;
}

/**
 * The bulk actions on a selection (a list's or the map's), for users who may command devices:
 * the server starts a bulk action for them only, so no one else is offered one it would refuse.
 */
export function SelectionActions(props: SelectionActionsProps) {
  const user = useSignedInUser();
  if (!user.hasAnyRole(ACTION_ROLES.commandDevices)) return null;
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
