import { ACTION_ROLES, type Device } from '@farola/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useSignedInUser } from '@/lib/auth/user-context';
import { queryKeys } from '@/lib/query/query-client';
import { useDeviceGroupActionStyles } from './device-group-action.styles';

// As on the selection bar, the dialog and its group list load when the button is first drawn: the
// chunk stays one that the map's first screen does not load.
const ChangeGroupButton = lazy(() => import('./change-group').then((m) => ({ default: m.ChangeGroupButton })));

/** Where the Scheduling tab reads the device's group and whether it runs its schedule. */
export const scheduleStateKey = (deviceId: string) =>
  [...queryKeys.deviceRequests(deviceId), 'schedule-state'] as const;

/**
 * 'Change group' for the device of the panel (spec §2 Groups: membership changed from the device
 * panel), for those who may put devices in groups: among its project's groups; once moved, the tab
 * reads the device's group and schedule state again.
 */
export function DeviceGroupAction({ device }: { device: Device }) {
  const styles = useDeviceGroupActionStyles();
  const queries = useQueryClient();
  const mayGroup = useSignedInUser().hasAnyRole(ACTION_ROLES.groupDevices);
  if (!mayGroup || device.disabled) return null;
  return (
    <div className={styles.root}>
      <Suspense fallback={null}>
        <ChangeGroupButton
          deviceIds={[device.id]}
          device={device}
          onDone={() => void queries.invalidateQueries({ queryKey: scheduleStateKey(device.id) })}
        />
      </Suspense>
    </div>
  );
}
