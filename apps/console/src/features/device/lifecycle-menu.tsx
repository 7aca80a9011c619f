import { LIFECYCLE_ACTIONS, lifecycleTarget, type Device, type LifecycleAction } from '@farola/protocol';
import {
  Button,
  Checkbox,
  Field,
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components';
import { ArrowSwapRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { fieldRuleMessage } from '@/lib/api/error-message';
import { useLifecycle, type LifecycleChange } from './use-lifecycle';

/**
 * The 'Status' menu (spec §4): the status actions the device's status allows, each confirmed
 * first, and 'Disable device', which asks the user to accept its consequences.
 */
export function LifecycleMenu({ device }: { device: Device }) {
  const { t } = useTranslation('device-detail');
  const { change, isChanging } = useLifecycle(device.id);
  const [open, setOpen] = useState<LifecycleChange | null>(null);
  const failed = device.installationFailure !== null;
  const actions = LIFECYCLE_ACTIONS.filter((action) => lifecycleTarget(action, device.status, failed) !== null);
  const run = (what: LifecycleChange) => {
    setOpen(null);
    void change(what);
  };

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button data-testid="lifecycle-menu" icon={<ArrowSwapRegular />} disabled={isChanging}>
            {t('lifecycle.menu')}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {actions.map((action) => (
              <MenuItem key={action} data-testid={`lifecycle-${action}`} onClick={() => setOpen(action)}>
                {t(`lifecycle.action.${action}`)}
              </MenuItem>
            ))}
            {actions.length > 0 && <MenuDivider />}
            <MenuItem data-testid="lifecycle-disable" onClick={() => setOpen('disable')}>
              {t('lifecycle.disable')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {actions.map((action) => (
        <MoveDialog
          key={action}
          action={action}
          name={device.name || device.serialNumber}
          open={open === action}
          onCancel={() => setOpen(null)}
          onConfirm={() => run(action)}
        />
      ))}
      {open === 'disable' && <DisableDialog onCancel={() => setOpen(null)} onConfirm={() => run('disable')} />}
    </>
  );
}

/** A status action's confirmation: 'Send {name} to revision?' */
export function MoveDialog(props: {
  action: LifecycleAction;
  name: string;
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { action, name, open, onCancel, onConfirm } = props;
  const { t } = useTranslation('device-detail');
  return (
    <ConfirmDialog
      open={open}
      title={t(`lifecycle.action.${action}`)}
      message={t(`lifecycle.confirm.${action}`, { name })}
      confirmLabel={t(`lifecycle.action.${action}`)}
      destructive={action === 'sendToRetired'}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}

/** 'Disable device': permanent, so it is sent only once 'I understand the consequences' is ticked. */
function DisableDialog({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('device-detail');
  const { t: tErrors } = useTranslation('errors');
  const [accepted, setAccepted] = useState(false);
  const [tried, setTried] = useState(false);
  const refused = tried && !accepted;
  return (
    <ConfirmDialog
      open
      destructive
      title={t('lifecycle.disable')}
      message={
        <>
          <p>{t('lifecycle.disableMessage')}</p>
          <p data-testid="disable-total">{t('lifecycle.disableTotal', { total: 1 })}</p>
        </>
      }
      confirmLabel={t('lifecycle.disable')}
      onCancel={onCancel}
      onConfirm={() => {
        setTried(true);
        if (accepted) onConfirm();
      }}
    >
      <Field
        validationState={refused ? 'error' : 'none'}
        validationMessage={refused ? fieldRuleMessage(tErrors, 'required') : null}
      >
        <Checkbox
          data-testid="accept-consequences"
          checked={accepted}
          label={t('consequences')}
          onChange={(_event, data) => setAccepted(data.checked === true)}
        />
      </Field>
    </ConfirmDialog>
  );
}
