import type { ControlProgramEdit } from '@farola/protocol';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import { NEW_PROGRAM } from './program-draft';
import { ProgramEditor } from './program-editor';

// The chart library draws on a canvas jsdom does not have; the curve's text alternative is what is checked here.
vi.mock('./program-curve-chart', () => ({
  ProgramCurveChart: ({ summary }: { summary: string }) => <p data-testid="program-curve-summary">{summary}</p>,
}));

function open(
  initial: ControlProgramEdit = NEW_PROGRAM,
  onSave = vi.fn(async (_program: ControlProgramEdit) => undefined),
) {
  render(
    <FluentProvider theme={webLightTheme}>
      <ProgramEditor
        initial={initial}
        mode={initial === NEW_PROGRAM ? 'create' : 'edit'}
        onSave={onSave}
        onClose={() => undefined}
      />
    </FluentProvider>,
  );
  return onSave;
}

const rows = () => screen.getAllByTestId('program-interval');

describe('the control program editor', () => {
  beforeAll(async () => {
    await initI18n({ language: 'en', fallback: 'en' });
  });
  afterEach(cleanup);

  it('describes the curve and follows every edit of a level', async () => {
    open({ name: 'Avenue', intervals: NEW_PROGRAM.intervals });
    const summary = await screen.findByTestId('program-curve-summary');
    expect(summary.textContent).toBe('sunset: 100% · 23:00: 60% over 15 min · sunrise: 0%');
    fireEvent.change(within(rows()[1]!).getByTestId('program-interval-dimming'), { target: { value: '40' } });
    expect(summary.textContent).toBe('sunset: 100% · 23:00: 40% over 15 min · sunrise: 0%');
  });

  it('refuses intervals closer than the minimum fading time at the field, in words, and saves nothing', async () => {
    const onSave = open({
      name: 'Too close',
      intervals: [
        { start: '23:00', dimming: 60, fadingMinutes: 0 },
        { start: '23:03', dimming: 40, fadingMinutes: 0 },
      ],
    });
    fireEvent.click(screen.getByTestId('program-save'));
    expect(await screen.findByText('The interval between 23:00 and 23:03 is less than 5 minutes')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("offers 'Save and apply' where it is given, which checks first and hands over the same program", async () => {
    const onSave = vi.fn(async (_program: ControlProgramEdit) => undefined);
    const onSaveAndApply = vi.fn(async (_program: ControlProgramEdit) => undefined);
    const program = { name: 'Avenue', intervals: NEW_PROGRAM.intervals };
    render(
      <FluentProvider theme={webLightTheme}>
        <ProgramEditor
          initial={program}
          mode="edit"
          onSave={onSave}
          onSaveAndApply={onSaveAndApply}
          onClose={() => undefined}
        />
      </FluentProvider>,
    );
    fireEvent.change(screen.getByTestId('program-name'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and apply' }));
    expect(await screen.findByText('Required field')).toBeTruthy();
    expect(onSaveAndApply).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('program-name'), { target: { value: 'Avenue' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and apply' }));
    await waitFor(() => expect(onSaveAndApply).toHaveBeenCalledWith(program));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('asks for a name, then saves the program as the API takes it', async () => {
    const onSave = open();
    fireEvent.click(screen.getByTestId('program-save'));
    expect(await screen.findByText('Required field')).toBeTruthy();
    fireEvent.change(screen.getByTestId('program-name'), { target: { value: ' Residential ' } });
    fireEvent.click(screen.getByTestId('program-add-interval'));
    fireEvent.click(screen.getByTestId('program-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0]).toEqual({
      name: 'Residential',
      intervals: [...NEW_PROGRAM.intervals, { start: '00:00', dimming: 50, fadingMinutes: 0 }],
    });
  });

  it('shows what the server answered when it refuses the save', async () => {
    open(
      { name: 'Park', intervals: NEW_PROGRAM.intervals },
      vi.fn(async () => Promise.reject(new Error('Control program Park already exists'))),
    );
    fireEvent.click(screen.getByTestId('program-save'));
    expect((await screen.findByTestId('program-save-error')).textContent).toBe('Control program Park already exists');
  });
});
