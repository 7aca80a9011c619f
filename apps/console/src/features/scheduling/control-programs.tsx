import { ACTION_ROLES, type ControlProgramEdit, type StoredControlProgram } from '@farola/protocol';
import { Button, Link, Select, Subtitle1 } from '@fluentui/react-components';
import { AddRegular, CopyRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FilterField, SearchFilter } from '@/components/list-controls';
import { errorMessage } from '@/lib/api/error-message';
import { useAllProjects } from '@/lib/api/projects';
import { useSignedInUser } from '@/lib/auth/user-context';
import { formatDateTime } from '@/lib/format/format-value';
import { useNotify } from '@/lib/notifications/use-notify';
import { queryKeys } from '@/lib/query/query-client';
import { useCursorList } from '@/lib/query/use-cursor-list';
import {
  createControlProgram,
  deleteControlProgram,
  duplicateControlProgram,
  fetchControlPrograms,
  saveControlProgram,
} from './api';
import { useControlProgramsStyles } from './control-programs.styles';
import { NEW_PROGRAM } from './program-draft';
import { ProgramEditor } from './program-editor';

type Editing = { mode: 'create' } | { mode: 'edit' | 'view'; program: StoredControlProgram };

/**
 * The control programs of one project (spec §2 Scheduling: create, duplicate, save, delete): a list
 * by name, each opened in the editor with its curve. Only manage-scheduling may change them; a
 * viewer opens them to read.
 */
export function ControlPrograms() {
  const { t, i18n } = useTranslation('scheduling');
  const { t: tErrors } = useTranslation('errors');
  const styles = useControlProgramsStyles();
  const notify = useNotify();
  const queries = useQueryClient();
  const mayManage = useSignedInUser().hasAnyRole(ACTION_ROLES.manageScheduling);
  const { projects } = useAllProjects();
  const [chosenProject, setProject] = useState<string | undefined>();
  const projectId = chosenProject ?? projects[0]?.id;
  const [q, setQ] = useState<string | undefined>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<StoredControlProgram | null>(null);

  const query = { projectId: projectId ?? '', q: q ?? '' };
  const list = useCursorList({
    queryKey: queryKeys.controlPrograms(query),
    fetchPage: (cursor) => fetchControlPrograms(query, cursor),
    keepPrevious: true,
  });
  const changed = () => queries.invalidateQueries({ queryKey: ['control-programs'] });
  const failed = (error: Error) => notify.error(errorMessage(tErrors, error));

  const duplicate = useMutation({
    mutationFn: (program: StoredControlProgram) =>
      duplicateControlProgram(program.id, t('programs.copyName', { name: program.name })),
    onSuccess: (copy) => {
      notify.success(t('programs.created', { name: copy.name }));
      void changed();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (program: StoredControlProgram) => deleteControlProgram(program.id),
    onSuccess: (program) => {
      notify.success(t('programs.deleted', { name: program.name }));
      void changed();
    },
    onError: failed,
  });

  const save = async (program: ControlProgramEdit) => {
    if (!editing || editing.mode === 'view' || !projectId) return;
    try {
      const saved =
        editing.mode === 'create'
          ? await createControlProgram({ projectId, ...program })
          : await saveControlProgram(editing.program.id, program);
      notify.success(t(editing.mode === 'create' ? 'programs.created' : 'programs.saved', { name: saved.name }));
      setEditing(null);
      void changed();
    } catch (error) {
      throw new Error(errorMessage(tErrors, error));
    }
  };

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
    ...(mayManage
      ? [
          {
            id: 'actions',
            header: t('programs.column.actions'),
            interactive: true,
            cell: (program: StoredControlProgram) => (
              <div className={styles.actions}>
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<EditRegular />}
                  aria-label={t('programs.action.edit', { name: program.name })}
                  onClick={() => setEditing({ mode: 'edit', program })}
                />
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<CopyRegular />}
                  aria-label={t('programs.action.duplicate', { name: program.name })}
                  disabled={duplicate.isPending}
                  onClick={() => duplicate.mutate(program)}
                />
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  aria-label={t('programs.action.delete', { name: program.name })}
                  onClick={() => setDeleting(program)}
                />
              </div>
            ),
          },
        ]
      : []),
  ];

  return (
    <section className={styles.root} aria-labelledby="control-programs-title">
      <div className={styles.toolbar}>
        <Subtitle1 as="h2" id="control-programs-title">
          {t('programs.title')}
        </Subtitle1>
        {mayManage && projectId && (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ mode: 'create' })}>
            {t('programs.new')}
          </Button>
        )}
      </div>
      <div className={styles.filters}>
        <FilterField id="programs-project" label={t('programs.project')}>
          <Select
            id="programs-project"
            size="small"
            value={projectId ?? ''}
            onChange={(_event, data) => setProject(data.value)}
          >
            {projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </Select>
        </FilterField>
        <SearchFilter label={t('programs.search')} value={q} onChange={setQ} />
      </div>
      {projectId && (
        <DataTable
          label={t('programs.title')}
          columns={columns}
          list={list}
          getRowId={(program) => program.id}
          rowProps={(program) => ({ 'data-testid': 'program-row', 'data-name': program.name })}
          emptyTitle={t('programs.empty')}
        />
      )}
      {editing && (
        <ProgramEditor
          initial={editing.mode === 'create' ? NEW_PROGRAM : editing.program}
          mode={editing.mode}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        destructive
        title={t('programs.deleteTitle')}
        message={t('programs.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('programs.deleteConfirm')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
          setDeleting(null);
        }}
      />
    </section>
  );
}
