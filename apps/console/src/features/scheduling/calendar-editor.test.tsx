import type { CalendarEdit, StoredControlProgram } from '@farola/protocol';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import { CalendarEditor } from './calendar-editor';

const program = (id: string, name: string): StoredControlProgram => ({
  id,
  projectId: '00000000-0000-4000-8000-000000000001',
  name,
  intervals: [{ start: '20:00', dimming: 100, fadingMinutes: 0 }],
  calendars: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const WEEKDAYS_PROGRAM = program('5b0e3f47-3b9b-4a53-a6a5-6b8f2a1c9d10', 'Weekdays');
const WEEKENDS_PROGRAM = program('0d3c9b1e-6f7a-4e8b-9c2d-1a2b3c4d5e6f', 'Weekends');
const EMPTY: CalendarEdit = { name: '', astronomical: false, defaultProgramId: null, rules: [] };

function open(initial: CalendarEdit = EMPTY) {
  const onSave = vi.fn(async (_calendar: CalendarEdit) => undefined);
  render(
    <FluentProvider theme={webLightTheme}>
      <CalendarEditor
        initial={initial}
        mode="create"
        programs={[WEEKDAYS_PROGRAM, WEEKENDS_PROGRAM]}
        onSave={onSave}
        onClose={() => undefined}
      />
    </FluentProvider>,
  );
  return onSave;
}

const rules = () => screen.getAllByTestId('calendar-rule');

describe('the calendar editor', () => {
  beforeAll(async () => {
    await initI18n({ language: 'en', fallback: 'en' });
  });
  afterEach(cleanup);

  it("says 'Rule required' for a calendar without rules, and saves nothing", async () => {
    const onSave = open({ ...EMPTY, name: 'Empty' });
    fireEvent.click(screen.getByTestId('calendar-save'));
    expect((await screen.findByRole('alert')).textContent).toBe('Rule required');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a rule that ends before it starts, at its end date', async () => {
    const onSave = open({
      ...EMPTY,
      name: 'Backwards',
      rules: [{ repetition: 'daily', startDate: '2026-06-01', endDate: '2026-05-01', programId: WEEKDAYS_PROGRAM.id }],
    });
    fireEvent.click(screen.getByTestId('calendar-save'));
    expect(await screen.findByText('The end date is before the start date')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says which rule never applies below a rule that takes its days, and saves once it is moved up', async () => {
    const onSave = open({
      ...EMPTY,
      name: 'Holidays',
      rules: [
        { repetition: 'daily', startDate: '2026-01-01', programId: WEEKDAYS_PROGRAM.id },
        { repetition: 'once', startDate: '2026-12-25', programId: WEEKENDS_PROGRAM.id },
      ],
    });
    fireEvent.click(screen.getByTestId('calendar-save'));
    const message =
      'Rule 2 never applies: the rules above it cover every day it does (rule 1 first). Move it up or remove it.';
    expect((await within(rules()[1]!).findByRole('alert')).textContent).toBe(message);
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Move rule 2 up' }));
    fireEvent.click(screen.getByTestId('calendar-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0].rules.map((rule) => rule.repetition)).toEqual(['once', 'daily']);
  });

  it('builds weekly and daily rules, in the order the user puts them, as the API takes them', async () => {
    const onSave = open({ ...EMPTY, name: 'Old town' });
    fireEvent.click(screen.getByTestId('calendar-add-rule'));
    fireEvent.click(screen.getByTestId('calendar-add-rule'));
    const second = rules()[1]!;
    fireEvent.change(within(second).getByLabelText('Repetition'), { target: { value: 'weekly' } });
    fireEvent.change(within(second).getByTestId('calendar-rule-program'), { target: { value: WEEKENDS_PROGRAM.id } });
    // Saturday and Sunday are ticked for a new weekly rule; Friday joins them.
    fireEvent.click(within(rules()[1]!).getByLabelText('Friday'));
    fireEvent.click(screen.getByRole('button', { name: 'Move rule 2 up' }));
    fireEvent.click(screen.getByTestId('calendar-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    const saved = onSave.mock.calls[0]![0];
    expect(saved.rules.map((rule) => [rule.repetition, rule.programId])).toEqual([
      ['weekly', WEEKENDS_PROGRAM.id],
      ['daily', WEEKDAYS_PROGRAM.id],
    ]);
    expect(saved.rules[0]).toMatchObject({ weekdays: ['friday', 'saturday', 'sunday'] });
  });
});
