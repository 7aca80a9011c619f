import type { OutputState } from '@farola/protocol';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import { CabinetOutputCard } from './cabinet-output-card';

function show(output: OutputState) {
  render(
    <FluentProvider theme={webLightTheme}>
      <CabinetOutputCard output={output} formatTime={(iso) => iso.slice(11, 16)} actions={null} />
    </FluentProvider>,
  );
}

describe('a cabinet output on the Scheduling tab', () => {
  beforeAll(async () => {
    await initI18n({ language: 'en', fallback: 'en' });
  });
  afterEach(cleanup);

  it('shows fixed rules as a table, levels at 0 % as off', () => {
    show({
      index: 1,
      on: true,
      mode: 1,
      schedule: {
        kind: 'fixed',
        rules: [
          { time: '00:00', dimming: 40 },
          { time: '06:45', dimming: 0 },
        ],
      },
    });
    expect(screen.getByTestId('output-mode-1').textContent).toBe('ModeUser');
    const rows = screen.getByRole('table', { name: 'Fixed rules of output 1' }).querySelectorAll('tbody tr');
    expect([...rows].map((row) => row.textContent)).toEqual(['00:0040%', '06:450% (off)']);
  });

  it("says until when a manual output holds, and an astronomical schedule's offsets", () => {
    show({
      index: 2,
      on: false,
      mode: 2,
      manualUntil: '2026-11-21T23:30:00.000Z',
      schedule: { kind: 'astro', sunsetOffsetMinutes: 15, sunriseOffsetMinutes: -10 },
    });
    expect(screen.getByTestId('output-mode-2').textContent).toBe('ModeManual until 23:30');
    expect(screen.getByTestId('output-schedule-2').textContent).toBe(
      'ScheduleAstronomical: sunset +15 min, sunrise −10 min',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("reads 'Not defined' without a mode, and 'Not reported' without a schedule", () => {
    show({ index: 3, on: false });
    expect(screen.getByTestId('output-mode-3').textContent).toBe('ModeNot defined');
    expect(screen.getByTestId('output-schedule-3').textContent).toBe('ScheduleNot reported');
  });
});
