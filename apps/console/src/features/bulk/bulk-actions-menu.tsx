import type { BulkActionName, DeviceType } from '@farola/protocol';
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTION_KEYS, BULK_ACTIONS_OF } from './bulk-actions';

const BulkActionDialog = lazy(() => import('./bulk-action-dialog').then((m) => ({ default: m.BulkActionDialog })));

export interface BulkActionsMenuProps {
  /** The selected devices. */
  deviceIds: readonly string[];
  /** Their kind, when the selection holds one kind only (a list's); a map selection may mix both. */
  deviceType?: DeviceType | undefined;
  /** Called once an action has been accepted and its job started. */
  onStarted?: () => void;
}

/** 'Bulk actions' on a selection: each opens its dialog, which checks the selection before anything runs. */
export function BulkActionsMenu({ deviceIds, deviceType, onStarted }: BulkActionsMenuProps) {
  const { t } = useTranslation('bulk');
  const [action, setAction] = useState<BulkActionName | null>(null);
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="primary"
            icon={<ChevronDownRegular />}
            iconPosition="after"
            disabled={deviceIds.length === 0}
          >
            {t('menu.label', { count: deviceIds.length })}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {BULK_ACTIONS_OF[deviceType ?? 'mixed'].map((name) => (
              <MenuItem key={name} onClick={() => setAction(name)}>
                {t(ACTION_KEYS[name])}
              </MenuItem>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
      {action !== null && (
        <Suspense fallback={null}>
          <BulkActionDialog
            action={action}
            deviceIds={deviceIds}
            deviceType={deviceType}
            onClose={() => setAction(null)}
            onStarted={() => {
              setAction(null);
              onStarted?.();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
