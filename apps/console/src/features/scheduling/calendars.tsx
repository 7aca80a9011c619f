import { ACTION_ROLES, type CalendarEdit, type StoredCalendar } from '@farola/protocol';
import { Badge, Link } from '@fluentui/react-components';
import { ArrowDownloadRegular, CalendarLtrRegular, SendRegular, StarRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@/components/data-table';
import { useSignedInUser } from '@/lib/auth/user-context';
import { formatDateTime } from '@/lib/format/format-value';
import { queryKeys } from '@/lib/query/query-client';
import { useCursorList } from '@/lib/query/use-cursor-list';
import {
  applyUsing,
  createCalendar,
  deleteCalendar,
  fetchAllControlPrograms,
  fetchCalendars,
  makeCalendarDefault,
  saveCalendar,
} from './api';
import { CalendarEditor } from './calendar-editor';
import { SchedulingList, useActionsColumn } from './scheduling-list';
import { type PreviewTarget, YearPreviewDialog } from './year-preview-dialog';
import { useSchedulingListStyles } from './scheduling-list.styles';
import { useTalqDownload } from './talq-interchange';
import { useSchedulingMutation, useSchedulingSave } from './use-scheduling-writes';

type Editing = { mode: 'create' } | { mode: 'edit' | 'view'; calendar: StoredCalendar };

const NEW_CALENDAR: CalendarEdit = { name: '', astronomical: false, defaultProgramId: null, rules: [] };

/**
 * The calendars of one project (spec §2 Scheduling: create, delete, astronomical calendar): a list
 * by name with the project's default calendar marked, each opened in the editor. Only
 * manage-scheduling may change them; a viewer opens them to read.
 */
export function Calendars({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation('scheduling');
  const styles = useSchedulingListStyles();
  const mayManage = useSignedInUser().hasAnyRole(ACTION_ROLES.manageScheduling);
  const [q, setQ] = useState<string | undefined>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [previewing, setPreviewing] = useState<PreviewTarget | null>(null);
  const [deleting, setDeleting] = useState<StoredCalendar | null>(null);

  const query = { projectId, q: q ?? '' };
  const list = useCursorList({
    queryKey: queryKeys.calendars(query),
    fetchPage: (cursor) => fetchCalendars(query, cursor),
    keepPrevious: true,
  });
  const { data: programs = [] } = useQuery({
    queryKey: queryKeys.allControlPrograms(projectId),
    queryFn: () => fetchAllControlPrograms(projectId),
  });
  const programName = new Map(programs.map((program) => [program.id, program.name]));
  const makeDefault = useSchedulingMutation(
    (calendar: StoredCalendar) => makeCalendarDefault(calendar.id),
    (calendar) => t('calendars.madeDefault', { name: calendar.name }),
  );
  const remove = useSchedulingMutation(
    (calendar: StoredCalendar) => deleteCalendar(calendar.id),
    (calendar) => t('calendars.deleted', { name: calendar.name }),
  );
  const apply = useSchedulingMutation(
    async (calendar: StoredCalendar) => ({ calendar, jobs: await applyUsing('calendars', calendar.id) }),
    ({ calendar, jobs }) => t('calendars.applied', { name: calendar.name, groups: jobs.length }),
  );
  const saveWith = useSchedulingSave();
  const download = useTalqDownload();
  const save = async (calendar: CalendarEdit) => {
    if (!editing || editing.mode === 'view') return;
    const created = editing.mode === 'create';
    await saveWith(
      () => (created ? createCalendar({ projectId, ...calendar }) : saveCalendar(editing.calendar.id, calendar)),
      (saved) => t(created ? 'calendars.created' : 'calendars.saved', { name: saved.name }),
      () => setEditing(null),
    );
  };

  const actions = useActionsColumn<StoredCalendar>('calendars', {
    manage: mayManage,
    edit: (calendar) => setEditing({ mode: 'edit', calendar }),
    remove: setDeleting,
    extra: (calendar) => [
      {
        icon: <CalendarLtrRegular />,
        label: t('preview.open', { name: calendar.name }),
        onClick: () => setPreviewing({ kind: 'calendars', id: calendar.id, name: calendar.name, projectId }),
      },
      {
        icon: <ArrowDownloadRegular />,
        label: t('talq.exportCalendar', { name: calendar.name }),
        onClick: () => void download({ projectId, calendarId: calendar.id }, calendar.name),
      },
      ...(mayManage
        ? [
            {
              icon: <SendRegular />,
              label: t('calendars.action.apply', { name: calendar.name }),
              disabled: apply.isPending,
              onClick: () => apply.mutate(calendar),
            },
          ]
        : []),
      ...(calendar.isDefault || !mayManage
        ? []
        : [
            {
              icon: <StarRegular />,
              label: t('calendars.action.makeDefault', { name: calendar.name }),
              disabled: makeDefault.isPending,
              onClick: () => makeDefault.mutate(calendar),
            },
          ]),
    ],
  });
  const columns: DataTableColumn<StoredCalendar>[] = [
    {
      id: 'name',
      header: t('calendars.column.name'),
      interactive: true,
      cell: (calendar) => (
        <span className={styles.actions}>
          <Link onClick={() => setEditing({ mode: mayManage ? 'edit' : 'view', calendar })}>{calendar.name}</Link>
          {calendar.isDefault && (
            <Badge appearance="tint" color="brand" data-testid="default-calendar">
              {t('calendars.default')}
            </Badge>
          )}
        </span>
      ),
    },
    {
      id: 'astronomical',
      header: t('calendars.column.astronomical'),
      cell: (calendar) => t(calendar.astronomical ? 'calendars.yes' : 'calendars.no'),
    },
    { id: 'rules', header: t('calendars.column.rules'), cell: (calendar) => calendar.rules.length },
    { id: 'luminaires', header: t('calendars.column.luminaires'), cell: (calendar) => calendar.luminaires ?? 0 },
    {
      id: 'defaultProgram',
      header: t('calendars.column.defaultProgram'),
      cell: (calendar) =>
        calendar.defaultProgramId ? (programName.get(calendar.defaultProgramId) ?? '') : t('calendars.none'),
    },
    {
      id: 'updated',
      header: t('programs.column.updated'),
      cell: (calendar) => formatDateTime(calendar.updatedAt, i18n.language),
    },
    actions,
  ];

  return (
    <>
      <SchedulingList
        texts="calendars"
        rowTestId="calendar-row"
        columns={columns}
        list={list}
        q={q}
        onSearch={setQ}
        onNew={mayManage ? () => setEditing({ mode: 'create' }) : null}
        deletion={{
          item: deleting,
          onConfirm: (calendar) => remove.mutate(calendar),
          onCancel: () => setDeleting(null),
        }}
      />
      {previewing && <YearPreviewDialog target={previewing} onClose={() => setPreviewing(null)} />}
      {editing && (
        <CalendarEditor
          initial={editing.mode === 'create' ? NEW_CALENDAR : editing.calendar}
          mode={editing.mode}
          programs={programs}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
