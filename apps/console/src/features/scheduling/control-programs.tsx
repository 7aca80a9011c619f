import { ACTION_ROLES, type ControlProgramEdit, type StoredControlProgram } from '@farola/protocol';
import { Link } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@/components/data-table';
import { useSignedInUser } from '@/lib/auth/user-context';
import { formatDateTime } from '@/lib/format/format-value';
import { queryKeys } from '@/lib/query/query-client';
import { useCursorList } from '@/lib/query/use-cursor-list';
import {
  applyUsing,
  createControlProgram,
  deleteControlProgram,
  duplicateControlProgram,
  fetchControlPrograms,
  saveControlProgram,
} from './api';
import { NEW_PROGRAM } from './program-draft';
import { ProgramEditor } from './program-editor';
import { SchedulingList, useActionsColumn } from './scheduling-list';
import { useSchedulingMutation, useSchedulingSave } from './use-scheduling-writes';

type Editing = { mode: 'create' } | { mode: 'edit' | 'view'; program: StoredControlProgram };

/**
 * The control programs of one project (spec §2 Scheduling: create, duplicate, save, delete): a list
 * by name, each opened in the editor with its curve. Only manage-scheduling may change them; a
 * viewer opens them to read.
 */
export function ControlPrograms({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation('scheduling');
  const mayManage = useSignedInUser().hasAnyRole(ACTION_ROLES.manageScheduling);
  const [q, setQ] = useState<string | undefined>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<StoredControlProgram | null>(null);

  const query = { projectId, q: q ?? '' };
  const list = useCursorList({
    queryKey: queryKeys.controlPrograms(query),
    fetchPage: (cursor) => fetchControlPrograms(query, cursor),
    keepPrevious: true,
  });
  const duplicate = useSchedulingMutation(
    (program: StoredControlProgram) =>
      duplicateControlProgram(program.id, t('programs.copyName', { name: program.name })),
    (copy) => t('programs.created', { name: copy.name }),
  );
  const remove = useSchedulingMutation(
    (program: StoredControlProgram) => deleteControlProgram(program.id),
    (program) => t('programs.deleted', { name: program.name }),
  );
  const apply = useSchedulingMutation(
    async (program: StoredControlProgram) => ({ program, jobs: await applyUsing('control-programs', program.id) }),
    ({ program, jobs }) => t('programs.applied', { name: program.name, groups: jobs.length }),
  );
  const saveWith = useSchedulingSave();
  const save = async (program: ControlProgramEdit, then?: (saved: StoredControlProgram) => void) => {
    if (!editing || editing.mode === 'view') return;
    const created = editing.mode === 'create';
    let saved: StoredControlProgram | null = null;
    await saveWith(
      async () =>
        (saved = created
          ? await createControlProgram({ projectId, ...program })
          : await saveControlProgram(editing.program.id, program)),
      (result) => t(created ? 'programs.created' : 'programs.saved', { name: result.name }),
      () => setEditing(null),
    );
    if (saved) then?.(saved);
  };

  const actions = useActionsColumn<StoredControlProgram>('programs', {
    manage: mayManage,
    edit: (program) => setEditing({ mode: 'edit', program }),
    remove: setDeleting,
    extra: (program) => [
      {
        icon: <CopyRegular />,
        label: t('programs.action.duplicate', { name: program.name }),
        disabled: duplicate.isPending,
        onClick: () => duplicate.mutate(program),
      },
    ],
  });
  const columns: DataTableColumn<StoredControlProgram>[] = [
    {
      id: 'name',
      header: t('programs.column.name'),
      interactive: true,
      cell: (program) => (
        <Link onClick={() => setEditing({ mode: mayManage ? 'edit' : 'view', program })}>{program.name}</Link>
      ),
    },
    { id: 'intervals', header: t('programs.column.intervals'), cell: (program) => program.intervals.length },
    { id: 'calendars', header: t('programs.column.calendars'), cell: (program) => program.calendars },
    {
      id: 'updated',
      header: t('programs.column.updated'),
      cell: (program) => formatDateTime(program.updatedAt, i18n.language),
    },
    ...(mayManage ? [actions] : []),
  ];

  return (
    <>
      <SchedulingList
        texts="programs"
        rowTestId="program-row"
        columns={columns}
        list={list}
        q={q}
        onSearch={setQ}
        onNew={mayManage ? () => setEditing({ mode: 'create' }) : null}
        deletion={{
          item: deleting,
          onConfirm: (program) => remove.mutate(program),
          onCancel: () => setDeleting(null),
        }}
      />
      {editing && (
        <ProgramEditor
          initial={editing.mode === 'create' ? NEW_PROGRAM : editing.program}
          mode={editing.mode}
          onSave={save}
          // 'Save and apply': the saved program then goes to every group that runs it.
          onSaveAndApply={
            editing.mode === 'edit' ? (program) => save(program, (saved) => apply.mutate(saved)) : undefined
          }
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
