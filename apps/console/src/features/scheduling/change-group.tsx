import { Button, Field, Select } from '@fluentui/react-components';
import { GroupRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useAllProjects } from '@/lib/api/projects';
import { fetchAllGroups, putGroupMembers } from './api';
import { useSchedulingMutation } from './use-scheduling-writes';

/**
 * 'Change group' on a selection of devices (spec §2 inventory bulk actions; the map's selection too):
 * the group is chosen among those the user sees, named with their project; the server puts the
 * devices in it at once, or refuses devices of another project ('Selected items are incompatible').
 */
export function ChangeGroupButton({ deviceIds, onDone }: { deviceIds: readonly string[]; onDone?: () => void }) {
  const { t } = useTranslation('scheduling');
  const [open, setOpen] = useState(false);
  const [groupId, setGroupId] = useState('');
  const { names } = useAllProjects();
  const { data: groups = [] } = useQuery({ queryKey: ['groups', 'all'], queryFn: fetchAllGroups, enabled: open });
  const nameOf = (group: (typeof groups)[number]) => (group.isDefault ? t('groups.defaultName') : group.name);
  const change = useSchedulingMutation(
    (id: string) => putGroupMembers(id, deviceIds),
    (answer) => t('changeGroup.done', { group: nameOf(answer.group), devices: deviceIds.length }),
  );
  return (
    <>
      <Button icon={<GroupRegular />} disabled={deviceIds.length === 0} onClick={() => setOpen(true)}>
        {t('changeGroup.label')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('changeGroup.title', { devices: deviceIds.length })}
        message={t('changeGroup.message')}
        confirmLabel={t('changeGroup.confirm')}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          if (groupId === '') return;
          change.mutate(groupId, { onSuccess: () => onDone?.() });
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
