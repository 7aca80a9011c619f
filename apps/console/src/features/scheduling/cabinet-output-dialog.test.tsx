import type { CommandRequest, OutputState, Vendor } from '@farola/protocol';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import { CabinetOutputDialog } from './cabinet-output-dialog';

const OUTPUT: OutputState = {
  index: 2,
  on: false,
  mode: 1,
  schedule: {
    kind: 'fixed',
    rules: [
      { time: '00:00', dimming: 100 },
      { time: '07:00', dimming: 0 },
    ],
  },
};

function open(vendor: Vendor, output: OutputState = OUTPUT) {
  const onSend = vi.fn(async (_command: CommandRequest) => undefined);
  const onClose = vi.fn();
  render(
    <FluentProvider theme={webLightTheme}>
      <CabinetOutputDialog
        device={{ vendor, deviceType: 'cabinet-controller' }}
        output={output}
        onSend={onSend}
        onClose={onClose}
      />
    </FluentProvider>,
  );
  return { onSend, onClose };
}

const rows = () => screen.getAllByTestId('output-schedule-rule');

describe("a cabinet output's 'Edit schedule' dialog", () => {
  beforeAll(async () => {
    await initI18n({ language: 'en', fallback: 'en' });
  });
  afterEach(cleanup);

  it("stops adding rules at the family's limit and says so: 4 for Vega", () => {
    open('vega');
    expect(screen.getByTestId('output-schedule-limit').textContent).toBe('Up to 4 rules for this vendor family');
    const add = screen.getByTestId('output-schedule-add');
    fireEvent.click(add);
    fireEvent.click(add);
    expect(rows()).toHaveLength(4);
    expect(add.hasAttribute('disabled')).toBe(true);
    // Vega cabinets take no astronomical schedule: only fixed rules are offered.
    expect(screen.queryByTestId('output-schedule-astro')).toBeNull();
  });

  it('offers 6 rules to an Orion cabinet, and its astronomical schedule', () => {
    open('orion');
    expect(screen.getByTestId('output-schedule-limit').textContent).toBe('Up to 6 rules for this vendor family');
    for (let i = 0; i < 6; i += 1) fireEvent.click(screen.getByTestId('output-schedule-add'));
    expect(rows()).toHaveLength(6);
    expect(screen.getByTestId('output-schedule-astro')).toBeTruthy();
  });

  it('locks the first rule at 00:00: its time cannot be typed and it cannot be removed', () => {
    open('orion');
    const first = rows()[0]!;
    expect(within(first).getByLabelText('Time of rule 1').hasAttribute('readonly')).toBe(true);
    expect(within(first).getByText('Fixed at 00:00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove rule 1' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove rule 2' }));
    expect(rows()).toHaveLength(1);
  });

  it('refuses rules out of order with the spec’s message, and sends them for this output once in order', async () => {
    const { onSend, onClose } = open('vega');
    fireEvent.click(screen.getByTestId('output-schedule-add'));
    const third = rows()[2]!;
    fireEvent.change(within(third).getByLabelText('Time of rule 3'), { target: { value: '06:00' } });
    fireEvent.click(screen.getByTestId('output-schedule-save'));
    expect((await screen.findByRole('alert')).textContent).toBe('Time scheduling rules configuration not valid');
    expect(onSend).not.toHaveBeenCalled();

    fireEvent.change(within(rows()[2]!).getByLabelText('Time of rule 3'), { target: { value: '19:30' } });
    fireEvent.change(within(rows()[2]!).getByLabelText('Level of rule 3 (%)'), { target: { value: '80' } });
    fireEvent.click(screen.getByTestId('output-schedule-save'));
    await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
    expect(onSend.mock.calls[0]![0]).toEqual({
      command: 'createCalendar',
      params: {
        output: 2,
        rules: [
          { time: '00:00', dimming: 100 },
          { time: '07:00', dimming: 0 },
          { time: '19:30', dimming: 80 },
        ],
      },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it('sends an astronomical schedule with its offsets in minutes', async () => {
    const { onSend } = open('orion');
    fireEvent.click(screen.getByLabelText('Astronomical (sunset to sunrise)'));
    fireEvent.change(screen.getByLabelText('Sunset offset (min)'), { target: { value: '-15' } });
    fireEvent.change(screen.getByLabelText('Sunrise offset (min)'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('output-schedule-save'));
    await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
    expect(onSend.mock.calls[0]![0]).toEqual({
      command: 'createAstroCalendar',
      params: { sunsetOffsetMinutes: -15, sunriseOffsetMinutes: 20, output: 2 },
    });
  });

  it("keeps the dialog open with the server's refusal when sending fails", async () => {
    const { onSend, onClose } = open('orion');
    onSend.mockRejectedValueOnce(new Error('Remote management disabled'));
    fireEvent.click(screen.getByTestId('output-schedule-save'));
    expect((await screen.findByTestId('output-schedule-save-error')).textContent).toBe('Remote management disabled');
    expect(onClose).not.toHaveBeenCalled();
  });
});
