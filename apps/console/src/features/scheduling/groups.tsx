import { ACTION_ROLES, type DeviceGroup, type GroupEdit } from '@farola/protocol';
import { Badge, Link } from '@fluentui/react-components';
import { CalendarLtrRegular, SendRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@/components/data-table';
import { useSignedInUser } from '@/lib/auth/user-context';
import { OPERATE_MODE_KEYS } from '@/lib/devices/operate-modes';
import { queryKeys } from '@/lib/query/query-client';
import { useCursorList } from '@/lib/query/use-cursor-list';
import {
  applyGroup,
  createGroup,
  deleteGroup,
  fetchAllCalendars,
  fetchAllControlPrograms,
  fetchGroups,
  saveGroup,
} from './api';
import { ApplyConfirmation } from './apply-confirmation';
import { GroupEditor } from './group-editor';
import { ScheduleJobProgress } from './schedule-job-progress';
import { SchedulingList, useActionsColumn } from './scheduling-list';
import { type PreviewTarget, YearPreviewDialog } from './year-preview-dialog';
import { useSchedulingListStyles } from './scheduling-list.styles';
import { useSchedulingMutation, useSchedulingSave } from './use-scheduling-writes';

type Editing = { mode: 'create' } | { mode: 'edit' | 'view'; group: DeviceGroup };

const NEW_GROUP: GroupEdit = { name: '', calendarId: null, programId: null, operateMode: null };

/**
 * The groups of one project (spec §2 Groups): what each runs and the operate mode it manages, how
 * many devices are in it, and 'Apply', which sends its schedule to its light points as one job and
 * follows the devices' answers. The default group holds every device not put in another.
 */
export function Groups({ projectId }: { projectId: string }) {
  const { t } = useTranslation('scheduling');
  const { t: tDevice } = useTranslation('device-detail');
  const styles = useSchedulingListStyles();
  const mayManage = useSignedInUser().hasAnyRole(ACTION_ROLES.manageGroups);
  const [q, setQ] = useState<string | undefined>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [previewing, setPreviewing] = useState<PreviewTarget | null>(null);
  const [deleting, setDeleting] = useState<DeviceGroup | null>(null);
  const [confirming, setConfirming] = useState<DeviceGroup | null>(null);
  /** The job each group was last applied with, in this visit. */
  const [sent, setSent] = useState<ReadonlyMap<string, string>>(new Map());

  const query = { projectId, q: q ?? '' };
  const list = useCursorList({
    queryKey: queryKeys.groups(query),
    fetchPage: (cursor) => fetchGroups(query, cursor),
    keepPrevious: true,
  });
  const { data: calendars = [] } = useQuery({
    queryKey: queryKeys.allCalendars(projectId),
    queryFn: () => fetchAllCalendars(projectId),
  });
  const { data: programs = [] } = useQuery({
    queryKey: queryKeys.allControlPrograms(projectId),
    queryFn: () => fetchAllControlPrograms(projectId),
  });
  const names = new Map([...calendars, ...programs].map((item) => [item.id, item.name]));
  const nameOf = (group: DeviceGroup) => (group.isDefault ? t('groups.defaultName') : group.name);

  const apply = useSchedulingMutation(
    async (group: DeviceGroup) => {
      const job = await applyGroup(group.id);
      setSent((current) => new Map(current).set(group.id, job.id));
      return { group, job };
    },
    ({ group, job }) => t('groups.applied', { name: nameOf(group), devices: job.total - job.skipped }),
  );
  const remove = useSchedulingMutation(
    (group: DeviceGroup) => deleteGroup(group.id),
    (group) => t('groups.deleted', { name: group.name }),
  );
  const saveWith = useSchedulingSave();
  const save = async (group: GroupEdit) => {
    if (!editing || editing.mode === 'view') return;
    const created = editing.mode === 'create';
    await saveWith(
      () => (created ? createGroup({ projectId, ...group }) : saveGroup(editing.group.id, group)),
      (saved) => t(created ? 'groups.created' : 'groups.saved', { name: nameOf(saved) }),
      () => setEditing(null),
    );
  };

  const actions = useActionsColumn<DeviceGroup>('groups', {
    manage: mayManage,
    edit: (group) => setEditing({ mode: 'edit', group }),
    remove: setDeleting,
    removable: (group) => !group.isDefault,
    extra: (group) => [
      {
        icon: <CalendarLtrRegular />,
        label: t('preview.open', { name: nameOf(group) }),
        onClick: () => setPreviewing({ kind: 'groups', id: group.id, name: nameOf(group), projectId }),
      },
      ...(mayManage
        ? [
            {
              icon: <SendRegular />,
              label: t('groups.action.apply', { name: nameOf(group) }),
              disabled: apply.isPending,
              onClick: () => setConfirming(group),
            },
          ]
        : []),
    ],
  });
  const columns: DataTableColumn<DeviceGroup>[] = [
    {
      id: 'name',
      header: t('groups.column.name'),
      interactive: true,
      cell: (group) => (
        <span className={styles.actions}>
          <Link onClick={() => setEditing({ mode: mayManage ? 'edit' : 'view', group })}>{nameOf(group)}</Link>
          {group.isDefault && (
            <Badge appearance="tint" color="brand">
              {t('calendars.default')}
            </Badge>
          )}
        </span>
      ),
    },
    {
      id: 'runs',
      header: t('groups.column.runs'),
      cell: (group) =>
        group.calendarId
          ? (names.get(group.calendarId) ?? '')
          : group.programId
            ? t('groups.everyDay', { name: names.get(group.programId) ?? '' })
            : t('groups.projectDefault'),
    },
    {
      id: 'operateMode',
      header: t('groups.column.operateMode'),
      cell: (group) =>
        group.operateMode
          ? `${group.operateMode} — ${tDevice(OPERATE_MODE_KEYS[group.operateMode])}`
          : t('groups.ownMode'),
    },
    { id: 'members', header: t('groups.column.members'), cell: (group) => group.members },
    {
      id: 'sent',
      header: t('groups.column.sent'),
      cell: (group) => {
        // Applied in this visit, or earlier (the list says which job, and whether it still sends what the group runs).
        const jobId = sent.get(group.id) ?? group.lastApply?.jobId;
        const changed = !sent.has(group.id) && group.lastApply?.current === false;
        return (
          <span className={styles.sent}>
            {jobId && <ScheduleJobProgress jobId={jobId} />}
            {changed && (
              <Badge appearance="tint" color="warning" data-testid="group-changed">
                {t('groups.changedSinceSent')}
              </Badge>
            )}
          </span>
        );
      },
    },
    actions,
  ];

  return (
    <>
      <SchedulingList
        texts="groups"
        rowTestId="group-row"
        columns={columns}
        list={list}
        q={q}
        onSearch={setQ}
        onNew={mayManage ? () => setEditing({ mode: 'create' }) : null}
        deletion={{ item: deleting, onConfirm: (group) => remove.mutate(group), onCancel: () => setDeleting(null) }}
      />
      {previewing && <YearPreviewDialog target={previewing} onClose={() => setPreviewing(null)} />}
      <ApplyConfirmation
        group={confirming}
        name={confirming ? nameOf(confirming) : ''}
        onCancel={() => setConfirming(null)}
        onConfirm={(group) => {
          setConfirming(null);
          apply.mutate(group);
        }}
      />
      {editing && (
        <GroupEditor
          initial={editing.mode === 'create' ? NEW_GROUP : editing.group}
          group={editing.mode === 'create' ? null : editing.group}
          mode={editing.mode}
          calendars={calendars}
          programs={programs}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
