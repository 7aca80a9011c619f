import { Button, Field, Select } from '@fluentui/react-components';
import { GroupRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useAllGroups } from '@/lib/api/groups';
import { useAllProjects } from '@/lib/api/projects';
import { queryKeys } from '@/lib/query/query-client';
import { putGroupMembers } from './api';
import { useSchedulingMutation } from './use-scheduling-writes';

interface ChangeGroupProps {
  deviceIds: readonly string[];
  /** One device (the device panel's): named in the dialog, offered only its project's groups. */
  device?: { name: string; projectId: string };
  onDone?: () => void;
}

/**
 * 'Change group' on a selection of devices (spec §2 inventory bulk actions; the map's selection too)
 * or on one device (its panel): the group is chosen among those the user sees, named with their
 * project; the server puts the devices in it at once, or refuses devices of another project
 * ('Selected items are incompatible'). The inventory lists are read again, as their group filter
 * may no longer hold the devices.
 */
export function ChangeGroupButton({ deviceIds, device, onDone }: ChangeGroupProps) {
  const { t } = useTranslation('scheduling');
  const queries = useQueryClient();
  const [open, setOpen] = useState(false);
  const [groupId, setGroupId] = useState('');
  const { names } = useAllProjects();
  const { groups: visible } = useAllGroups({ enabled: open });
  const groups = device ? visible.filter((group) => group.projectId === device.projectId) : visible;
  const nameOf = (group: (typeof groups)[number]) => (group.isDefault ? t('groups.defaultName') : group.name);
  const change = useSchedulingMutation(
    (id: string) => putGroupMembers(id, deviceIds),
    (answer) =>
      device
        ? t('changeGroup.doneOne', { group: nameOf(answer.group), name: device.name })
        : t('changeGroup.done', { group: nameOf(answer.group), devices: deviceIds.length }),
  );
  return (
    <>
      <Button icon={<GroupRegular />} disabled={deviceIds.length === 0} onClick={() => setOpen(true)}>
        {t('changeGroup.label')}
      </Button>
      <ConfirmDialog
        open={open}
        title={
          device
            ? t('changeGroup.titleOne', { name: device.name })
            : t('changeGroup.title', { devices: deviceIds.length })
        }
        message={t('changeGroup.message')}
        confirmLabel={t('changeGroup.confirm')}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          if (groupId === '') return;
          change.mutate(groupId, {
            onSuccess: () => {
              void queries.invalidateQueries({ queryKey: queryKeys.deviceLists });
              onDone?.();
            },
          });
          setOpen(false);
        }}
      >
        <Field label={t('changeGroup.group')}>
          <Select value={groupId} data-testid="change-group-select" onChange={(_event, data) => setGroupId(data.value)}>
            <option value="" disabled>
              {t('changeGroup.choose')}
            </option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {`${nameOf(group)} — ${names.get(group.projectId) ?? ''}`}
              </option>
            ))}
          </Select>
        </Field>
      </ConfirmDialog>
    </>
  );
}
