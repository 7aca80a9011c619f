import {
  createTableColumn,
  DataGrid,
  DataGridBody,
  DataGridCell,
  DataGridHeader,
  DataGridHeaderCell,
  DataGridRow,
  dataGridHeaderClassNames,
  tableSelectionCellClassNames,
  type DataGridProps,
  type SortDirection,
  type TableColumnDefinition,
} from '@fluentui/react-components';
import { useMemo, type ReactNode, type SyntheticEvent } from 'react';
import type { CursorList } from '@/lib/query/use-cursor-list';
import { useDataTableStyles } from './data-table.styles';
import { ListFooter, ListPlaceholder, type ListTexts } from './list-states';

/** One column: its header, what each row shows in it, and how it sorts (only then is it sortable). */
export interface DataTableColumn<T> {
  id: string;
  header: string;
  cell: (item: T) => ReactNode;
  /**
   * Orders two rows for sorting by this column. Only for tables that hold every row: a paged list
   * is in the server's order, and sorting the loaded pages would only pretend to sort it.
   */
  compare?: (a: T, b: T) => number;
  /** The cell holds controls (a link, a button, a select): Enter moves into it, Escape back out. */
  interactive?: boolean;
  className?: string;
}

/** Rows ticked by the user, kept by the list (a controlled selection of row ids). */
export interface DataTableSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
  /** Rows that may not be ticked show no box (a request already done cannot be cancelled). */
  canSelect?: (item: T) => boolean;
  /** Each box's accessible name ('Select {{name}}'). */
  rowLabel: (item: T) => string;
  /** The header box's accessible name ('Select all shown'). */
  allLabel: string;
}

interface CommonProps<T> extends ListTexts {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataTableColumn<T>[];
  getRowId: (item: T) => string;
  selection?: DataTableSelection<T>;
  /** The column sorted first, with its direction. */
  defaultSort?: { column: string; direction: SortDirection };
  /** Attributes of a row (`data-testid`, `data-status`: what tests and styles find it by). */
  rowProps?: (item: T) => Record<`data-${string}`, string>;
  /** Shown above the rows once there are some (a line about the selection). */
  above?: ReactNode;
  /** Shown in the footer beside 'Show more' (items per page). */
  footer?: ReactNode;
  size?: 'extra-small' | 'small' | 'medium';
  className?: string;
  testId?: string;
}

/** A list read page by page (`useCursorList`), or every row at once. */
export type DataTableProps<T> = CommonProps<T> & ({ list: CursorList<T> } | { items: readonly T[] });

const COMPLETE = { isLoading: false, error: null, retry: () => undefined };

/** A click on a control inside a row is that control's, not the row's selection. */
const CONTROLS = 'a, button, input, select, textarea';

/**
 * A list as a table, on Fluent's DataGrid: arrow keys move between cells, sortable columns sort
 * from their header, rows are ticked where the list asks; a failed, loading or empty list says
 * so, and a paged one ends in 'Show more' / 'No more data'. A new list is a column definition.
 *
 * @example
 * const COLUMNS: DataTableColumn<Alarm>[] = [
 *   { id: 'raised', header: t('column.raised'), cell: (alarm) => formatDateTime(alarm.raisedAt, language) },
 * ];
 * <DataTable label={t('title')} columns={COLUMNS} list={useAlarms(filters)} getRowId={(alarm) => alarm.id} />
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, columns, getRowId, selection, above, footer, size = 'small', className, testId } = props;
  const styles = useDataTableStyles();
  const list = 'list' in props ? props.list : undefined;
  const items = list ? list.items : 'items' in props ? props.items : undefined;
  const gridColumns = useGridColumns(columns);
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const rows = useMemo(() => [...(items ?? [])], [items]);

  if (rows.length === 0) return <ListPlaceholder state={list ?? COMPLETE} texts={props} />;
  const sortable = columns.some((column) => column.compare);
  return (
    <div className={styles.root}>
      {above}
      <DataGrid
        aria-label={label}
        data-testid={testId}
        className={className}
        size={size}
        items={rows}
        columns={gridColumns}
        getRowId={getRowId}
        sortable={sortable}
        {...(props.defaultSort && {
          defaultSortState: { sortColumn: props.defaultSort.column, sortDirection: props.defaultSort.direction },
        })}
        {...(selection && selectionProps(selection, rows, getRowId))}
      >
        <DataGridHeader>
          <DataGridRow {...(selection && { selectionCell: headerSelectionCell(selection, rows, getRowId) })}>
            {({ columnId, renderHeaderCell }) => (
              <DataGridHeaderCell className={byId.get(String(columnId))?.className}>
                {renderHeaderCell()}
              </DataGridHeaderCell>
            )}
          </DataGridRow>
        </DataGridHeader>
        <DataGridBody<T>>
          {({ item, rowId }) => (
            <DataGridRow<T>
              key={rowId}
              {...props.rowProps?.(item)}
              {...(selection && { selectionCell: rowSelectionCell(selection, item) })}
            >
              {({ columnId, renderCell }) => {
                const column = byId.get(String(columnId));
                return (
                  <DataGridCell
                    className={column?.className}
                    focusMode={column?.interactive ? 'group' : 'cell'}
                    data-column={columnId}
                  >
                    {renderCell(item)}
                  </DataGridCell>
                );
              }}
            </DataGridRow>
          )}
        </DataGridBody>
      </DataGrid>
      {list && <ListFooter paging={list}>{footer}</ListFooter>}
    </div>
  );
}

function useGridColumns<T>(columns: readonly DataTableColumn<T>[]): TableColumnDefinition<T>[] {
  return useMemo(
    () =>
      columns.map((column) =>
        createTableColumn<T>({
          columnId: column.id,
          renderHeaderCell: () => column.header,
          renderCell: column.cell,
          ...(column.compare && { compare: column.compare }),
        }),
      ),
    [columns],
  );
}

function selectableIds<T>(selection: DataTableSelection<T>, rows: readonly T[], getRowId: (item: T) => string) {
  return rows.filter((item) => selection.canSelect?.(item) ?? true).map(getRowId);
}

/**
 * The grid's selection, kept by the list: a row's box (or a click on the row, or Space) toggles
 * that row; the header's box ticks every row that may be ticked, or unticks all once they are.
 */
function selectionProps<T>(
  selection: DataTableSelection<T>,
  rows: readonly T[],
  getRowId: (item: T) => string,
): Partial<DataGridProps> {
  const onSelectionChange = (event: SyntheticEvent, data: { selectedItems: Set<string | number> }) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target?.closest(`.${tableSelectionCellClassNames.root}`) && target?.closest(CONTROLS)) return;
    const selectable = selectableIds(selection, rows, getRowId);
    if (target?.closest(`.${dataGridHeaderClassNames.root}`)) {
      const all = selectable.length > 0 && selectable.every((id) => selection.selected.has(id));
      selection.onChange(all ? new Set() : new Set(selectable));
      return;
    }
    const allowed = new Set(selectable);
    const shown = new Set(rows.map(getRowId));
    const ids = [...data.selectedItems].map(String);
    // Ticked rows that are not shown (every device the filters match, past the loaded pages) stay ticked.
    selection.onChange(new Set(ids.filter((id) => allowed.has(id) || !shown.has(id))));
  };
  return { selectionMode: 'multiselect', selectedItems: selection.selected, onSelectionChange };
}

function headerSelectionCell<T>(selection: DataTableSelection<T>, rows: readonly T[], getRowId: (item: T) => string) {
  const selectable = selectableIds(selection, rows, getRowId);
  const ticked = selectable.filter((id) => selection.selected.has(id)).length;
  const checked = ticked > 0 && ticked === selectable.length ? true : ticked > 0 ? ('mixed' as const) : false;
  return {
    checked,
    checkboxIndicator: { 'aria-label': selection.allLabel, disabled: selectable.length === 0 },
  };
}

function rowSelectionCell<T>(selection: DataTableSelection<T>, item: T) {
  const selectable = selection.canSelect?.(item) ?? true;
  return { checkboxIndicator: selectable ? { 'aria-label': selection.rowLabel(item) } : null };
}
