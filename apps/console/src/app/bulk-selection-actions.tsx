import { lazy, Suspense } from 'react';
import { ACTION_ROLES, type DeviceType } from '@farola/protocol';
import type { ListSelection } from '@/features/inventory/inventory-pages';
import { useSignedInUser } from '@/lib/auth/user-context';

const BulkActionsMenu = lazy(() =>
  import('@/features/bulk/bulk-actions-menu').then((m) => ({ default: m.BulkActionsMenu })),
);
const ChangeGroupButton = lazy(() =>
  import('@/features/scheduling/change-group').then((m) => ({ default: m.ChangeGroupButton })),
);

interface SelectionActionsProps {
  deviceIds: readonly string[];
  deviceType?: DeviceType | undefined;
  onStarted?: () => void;
}

/**
 * The bulk actions on a selection (a list's or the map's), for users who may command devices (the
 * server starts a bulk action for them only, so no one else is offered one it would refuse), and
 * 'Change group', for those who may put devices in groups.
 */
export function SelectionActions(props: SelectionActionsProps) {
  const user = useSignedInUser();
  const mayCommand = user.hasAnyRole(ACTION_ROLES.commandDevices);
  const mayGroup = user.hasAnyRole(ACTION_ROLES.groupDevices);
  if (!mayCommand && !mayGroup) return null;
  return (
    <Suspense fallback={null}>
      {mayCommand && <BulkActionsMenu {...props} />}
      {mayGroup && (
        <ChangeGroupButton deviceIds={props.deviceIds} {...(props.onStarted && { onDone: props.onStarted })} />
      )}
    </Suspense>
  );
}

/** An inventory list's bulk actions. */
export function listBulkActions(selection: ListSelection) {
  return (
    <SelectionActions deviceIds={selection.deviceIds} deviceType={selection.deviceType} onStarted={selection.onDone} />
  );
}
