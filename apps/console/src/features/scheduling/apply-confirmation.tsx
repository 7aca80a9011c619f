import type { DeviceGroup } from '@farola/protocol';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EnergyFigures } from './energy-figures';

/**
 * 'Apply' asked once more, with what it means (issue 24's what-if): the coming year of what the group
 * runs in energy, cost and savings against fully on, where its light points stand.
 */
export function ApplyConfirmation({
  group,
  name,
  onConfirm,
  onCancel,
}: {
  group: DeviceGroup | null;
  name: string;
  onConfirm: (group: DeviceGroup) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('scheduling');
  return (
    <ConfirmDialog
      open={group !== null}
      title={t('groups.applyConfirm.title', { name })}
      message={<p>{t('groups.applyConfirm.message', { name })}</p>}
      confirmLabel={t('groups.applyConfirm.apply')}
      onCancel={onCancel}
      onConfirm={() => group && onConfirm(group)}
    >
      {group && <EnergyFigures groupId={group.id} year={new Date().getFullYear() + 1} place={null} />}
    </ConfirmDialog>
  );
}
