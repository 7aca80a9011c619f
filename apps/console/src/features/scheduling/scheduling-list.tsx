import { Button } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { SearchFilter } from '@/components/list-controls';
import type { CursorList } from '@/lib/query/use-cursor-list';
import { useSchedulingListStyles } from './scheduling-list.styles';

/** A button of a row's Actions column: an icon with its accessible name. */
export interface RowAction {
  icon: ReactElement;
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

/** Which list's texts: `programs.title`, `calendars.new`, `programs.action.edit` … */
export type ListTexts = 'programs' | 'calendars' | 'groups';

/**
 * The Actions column of a list: Edit, the list's own actions, Delete, each named after the row ('Edit
 * Old town'); Edit and Delete only for those who may change the rows.
 */
export function useActionsColumn<T extends { name: string }>(
  texts: ListTexts,
  actions: {
    edit: (item: T) => void;
    remove: (item: T) => void;
    extra?: (item: T) => RowAction[];
    /** Whether a row offers Delete (a default group does not). */
    removable?: (item: T) => boolean;
    /** Whether the user may change the rows: without, only the list's own actions (a preview) show. */
    manage: boolean;
  },
): DataTableColumn<T> {
  const { t } = useTranslation('scheduling');
  return {
    id: 'actions',
    header: t('programs.column.actions'),
    interactive: true,
    cell: (item) => (
      <RowActions
        actions={[
          ...(actions.manage
            ? [
                {
                  icon: <EditRegular />,
                  label: t(`${texts}.action.edit`, { name: item.name }),
                  onClick: () => actions.edit(item),
                },
              ]
            : []),
          ...(actions.extra?.(item) ?? []),
          ...(!actions.manage || actions.removable?.(item) === false
            ? []
            : [
                {
                  icon: <DeleteRegular />,
                  label: t(`${texts}.action.delete`, { name: item.name }),
                  onClick: () => actions.remove(item),
                },
              ]),
        ]}
      />
    ),
  };
}

function RowActions({ actions }: { actions: RowAction[] }) {
  const styles = useSchedulingListStyles();
  return (
    <div className={styles.actions}>
      {actions.map((action) => (
        <Button
          key={action.label}
          size="small"
          appearance="subtle"
          icon={action.icon}
          aria-label={action.label}
          disabled={action.disabled ?? false}
          onClick={action.onClick}
        />
      ))}
    </div>
  );
}

/**
 * A list of the Scheduling screen (control programs, calendars): search by name, 'New …' for those
 * who may make one, the table, and the question before a deletion.
 */
export function SchedulingList<T extends { id: string; name: string }>(props: {
  texts: ListTexts;
  /** Names the rows for tests: `program-row`, `calendar-row`, each with `data-name`. */
  rowTestId: string;
  columns: readonly DataTableColumn<T>[];
  list: CursorList<T>;
  q: string | undefined;
  onSearch: (q: string | undefined) => void;
  /** Offers 'New …' when set. */
  onNew: (() => void) | null;
  /** The row the user asked to delete, until confirmed or cancelled. */
  deletion: { item: T | null; onConfirm: (item: T) => void; onCancel: () => void };
}) {
  const { t } = useTranslation('scheduling');
  const styles = useSchedulingListStyles();
  const { deletion } = props;
  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <SearchFilter label={t('programs.search')} value={props.q} onChange={props.onSearch} />
        {props.onNew && (
          <Button appearance="primary" icon={<AddRegular />} onClick={props.onNew}>
            {t(`${props.texts}.new`)}
          </Button>
        )}
      </div>
      <DataTable
        label={t(`${props.texts}.title`)}
        columns={props.columns}
        list={props.list}
        getRowId={(item) => item.id}
        rowProps={(item) => ({ 'data-testid': props.rowTestId, 'data-name': item.name })}
        emptyTitle={t(`${props.texts}.empty`)}
      />
      <ConfirmDialog
        open={deletion.item !== null}
        destructive
        title={t(`${props.texts}.deleteTitle`)}
        message={t(`${props.texts}.deleteMessage`, { name: deletion.item?.name ?? '' })}
        confirmLabel={t('programs.deleteConfirm')}
        onCancel={deletion.onCancel}
        onConfirm={() => {
          if (deletion.item) deletion.onConfirm(deletion.item);
          deletion.onCancel();
        }}
      />
    </div>
  );
}
