import type { Page } from '@farola/protocol';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { initI18n } from '@/lib/i18n/i18n';
import { useCursorList } from '@/lib/query/use-cursor-list';
import { DataTable, type DataTableColumn } from './data-table';

interface Lamp {
  id: string;
  name: string;
  watts: number;
}

const lamps: Lamp[] = Array.from({ length: 5 }, (_, i) => ({
  id: `l${i + 1}`,
  name: `Lamp ${i + 1}`,
  watts: 10 * (5 - i),
}));

const COLUMNS: DataTableColumn<Lamp>[] = [
  { id: 'name', header: 'Name', cell: (lamp) => lamp.name },
  { id: 'watts', header: 'Power', cell: (lamp) => `${lamp.watts} W` },
];

/** A server listing `all` two at a time by an index cursor; `failing` makes its next answer an error. */
function pagedServer(all: readonly Lamp[]) {
  const server = { reads: 0, failing: false };
  const fetchPage = async (cursor: string | undefined): Promise<Page<Lamp>> => {
    server.reads += 1;
    if (server.failing) throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'down');
    const start = Number(cursor ?? 0);
    const end = start + 2;
    return { items: all.slice(start, end), nextCursor: end < all.length ? String(end) : null, total: all.length };
  };
  return { server, fetchPage };
}

function PagedLamps({ fetchPage }: { fetchPage: (cursor: string | undefined) => Promise<Page<Lamp>> }) {
  const list = useCursorList({ queryKey: ['lamps'], fetchPage });
  return (
    <DataTable
      label="Lamps"
      columns={COLUMNS}
      list={list}
      getRowId={(lamp) => lamp.id}
      emptyTitle="No lamps found"
      rowProps={() => ({ 'data-testid': 'lamp' })}
    />
  );
}

function renderInApp(node: React.ReactNode) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queries}>{node}</QueryClientProvider>
    </FluentProvider>,
  );
}

const shownNames = () =>
  screen.getAllByTestId('lamp').map((row) => within(row).getAllByRole('gridcell')[0]?.textContent);

beforeAll(async () => {
  await initI18n({ language: 'en', fallback: 'en' });
});
afterEach(cleanup);

describe('a paged data table', () => {
  it('shows the first page, the next on Show more, and No more data at the end', async () => {
    const { fetchPage } = pagedServer(lamps);
    renderInApp(<PagedLamps fetchPage={fetchPage} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    await waitFor(() => expect(shownNames()).toEqual(['Lamp 1', 'Lamp 2']));
    expect(screen.getByRole('grid', { name: 'Lamps' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Power']);

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(shownNames()).toEqual(['Lamp 1', 'Lamp 2', 'Lamp 3', 'Lamp 4']));
    expect(screen.queryByText('No more data')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(shownNames()).toHaveLength(5));
    expect(screen.getByText('No more data')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says so when the list is empty', async () => {
    const { fetchPage } = pagedServer([]);
    renderInApp(<PagedLamps fetchPage={fetchPage} />);
    await waitFor(() => expect(screen.getByTestId('empty-state').textContent).toContain('No lamps found'));
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('says why the list could not be read, and reads it again on Try again', async () => {
    const { server, fetchPage } = pagedServer(lamps);
    server.failing = true;
    renderInApp(<PagedLamps fetchPage={fetchPage} />);
    await waitFor(() => expect(screen.getByTestId('list-error').textContent).toContain('Service unavailable'));

    server.failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(shownNames()).toEqual(['Lamp 1', 'Lamp 2']));
    expect(screen.queryByTestId('list-error')).toBeNull();
  });

  it('keeps the rows when the next page fails, says why, and Show more asks for it again', async () => {
    const { server, fetchPage } = pagedServer(lamps);
    renderInApp(<PagedLamps fetchPage={fetchPage} />);
    await waitFor(() => expect(shownNames()).toHaveLength(2));

    server.failing = true;
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Service unavailable'));
    expect(shownNames()).toHaveLength(2);

    server.failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(shownNames()).toHaveLength(4));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a complete data table', () => {
  it('sorts by a column that says how, from its header, both ways; other columns do not sort', async () => {
    const columns: DataTableColumn<Lamp>[] = [
      { id: 'name', header: 'Name', cell: (lamp) => lamp.name },
      { id: 'watts', header: 'Power', cell: (lamp) => `${lamp.watts} W`, compare: (a, b) => a.watts - b.watts },
    ];
    renderInApp(
      <DataTable
        label="Lamps"
        columns={columns}
        items={lamps}
        getRowId={(lamp) => lamp.id}
        rowProps={() => ({ 'data-testid': 'lamp' })}
      />,
    );
    expect(shownNames()).toEqual(['Lamp 1', 'Lamp 2', 'Lamp 3', 'Lamp 4', 'Lamp 5']);
    expect(within(screen.getAllByRole('columnheader')[0]!).queryByRole('button')).toBeNull();

    const power = within(screen.getAllByRole('columnheader')[1]!).getByRole('button', { name: 'Power' });
    fireEvent.click(power);
    expect(shownNames()).toEqual(['Lamp 5', 'Lamp 4', 'Lamp 3', 'Lamp 2', 'Lamp 1']);
    expect(screen.getAllByRole('columnheader')[1]?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(power);
    expect(shownNames()).toEqual(['Lamp 1', 'Lamp 2', 'Lamp 3', 'Lamp 4', 'Lamp 5']);
    expect(screen.getAllByRole('columnheader')[1]?.getAttribute('aria-sort')).toBe('descending');
    // No 'Show more' or 'No more data' under a table that holds every row.
    expect(screen.queryByTestId('list-footer')).toBeNull();
  });

  it('says it is empty with the generic text when the list gives none', () => {
    renderInApp(<DataTable label="Lamps" columns={COLUMNS} items={[]} getRowId={(lamp) => lamp.id} />);
    expect(screen.getByTestId('empty-state').textContent).toContain('No data available');
  });
});

function SelectableLamps({ onControlClick }: { onControlClick: () => void }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const columns: DataTableColumn<Lamp>[] = [
    ...COLUMNS,
    {
      id: 'act',
      header: 'Actions',
      interactive: true,
      cell: () => (
        <button type="button" onClick={onControlClick}>
          Act
        </button>
      ),
    },
  ];
  return (
    <>
      <output data-testid="selected">{[...selected].join(',')}</output>
      <DataTable
        label="Lamps"
        columns={columns}
        items={lamps}
        getRowId={(lamp) => lamp.id}
        selection={{
          selected,
          onChange: setSelected,
          // Lamps of 30 W or more may be ticked.
          canSelect: (lamp) => lamp.watts >= 30,
          rowLabel: (lamp) => `Select ${lamp.name}`,
          allLabel: 'Select all shown',
        }}
      />
    </>
  );
}

describe('a data table with selection', () => {
  it('ticks rows that may be ticked, all of them from the header, and unticks them all again', async () => {
    let acted = 0;
    renderInApp(<SelectableLamps onControlClick={() => (acted += 1)} />);
    const selected = () => screen.getByTestId('selected').textContent?.split(',').sort().join(',');
    // Lamps 4 and 5 (20 W, 10 W) may not be ticked: they have no box.
    expect(screen.queryByRole('checkbox', { name: 'Select Lamp 4' })).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'Select Lamp 2' })));
    expect(selected()).toBe('l2');
    expect(
      (screen.getByRole('checkbox', { name: 'Select all shown' }) as HTMLInputElement).indeterminate ||
        screen.getByRole('checkbox', { name: 'Select all shown' }).getAttribute('aria-checked') === 'mixed',
    ).toBe(true);

    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' })));
    expect(selected()).toBe('l1,l2,l3');
    expect((screen.getByRole('checkbox', { name: 'Select all shown' }) as HTMLInputElement).checked).toBe(true);

    // A button in a row is that button's: the selection stays as it was.
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Act' })[0]!));
    expect(acted).toBe(1);
    expect(selected()).toBe('l1,l2,l3');

    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' })));
    expect(selected()).toBe('');
  });
});
