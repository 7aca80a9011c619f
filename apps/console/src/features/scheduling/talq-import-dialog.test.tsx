import type { StoredCalendar, StoredControlProgram, TalqImportResult } from '@farola/protocol';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { initI18n } from '@/lib/i18n/i18n';
import { TalqImportDialog } from './talq-import-dialog';

const PROJECT_ID = '00000000-0000-4000-8000-000000000001';
const STAMP = '2026-11-01T00:00:00.000Z';
const program = (id: string, name: string): StoredControlProgram => ({
  id,
  projectId: PROJECT_ID,
  name,
  intervals: [{ start: '20:00', dimming: 100, fadingMinutes: 0 }],
  calendars: 1,
  createdAt: STAMP,
  updatedAt: STAMP,
});
const calendar: StoredCalendar = {
  id: 'c8a4f0d2-0d7e-4b61-9f53-2f4e8a7b1c55',
  projectId: PROJECT_ID,
  name: 'Old town',
  astronomical: false,
  rules: [{ repetition: 'daily', startDate: '2026-01-01', programId: '5b0e3f47-3b9b-4a53-a6a5-6b8f2a1c9d10' }],
  defaultProgramId: null,
  isDefault: false,
  createdAt: STAMP,
  updatedAt: STAMP,
};

function open(onImport: (document: unknown) => Promise<TalqImportResult>) {
  render(
    <FluentProvider theme={webLightTheme}>
      <TalqImportDialog projectName="Barcelona" onImport={onImport} onClose={() => undefined} />
    </FluentProvider>,
  );
}

function importFile(name: string, content: string) {
  fireEvent.change(screen.getByTestId('talq-file'), { target: { files: [new File([content], name)] } });
  fireEvent.click(screen.getByTestId('talq-import'));
}

const DOCUMENT = { format: 'farola-talq-interchange', formatVersion: 1 };

describe('the TALQ import dialog', () => {
  beforeAll(async () => {
    await initI18n({ language: 'en', fallback: 'en' });
  });
  afterEach(cleanup);

  it('refuses a file that is not .json, or not JSON, without sending it', async () => {
    const onImport = vi.fn(() => Promise.reject(new Error('not sent')));
    open(onImport);
    importFile('calendars.csv', 'name;rules');
    expect((await screen.findByTestId('talq-problem')).textContent).toBe('Only .json files are allowed');
    importFile('calendars.json', '{"format": ');
    expect((await screen.findByTestId('talq-problem')).textContent).toBe('The file is not valid JSON');
    expect(onImport).not.toHaveBeenCalled();
  });

  it('sends the JSON of the file and says what was imported', async () => {
    const onImport = vi.fn(async () => ({
      programs: [
        program('5b0e3f47-3b9b-4a53-a6a5-6b8f2a1c9d10', 'Weekdays'),
        program('0d3c9b1e-6f7a-4e8b-9c2d-1a2b3c4d5e6f', 'Weekends'),
      ],
      calendars: [calendar],
    }));
    open(onImport);
    importFile('old-town.talq.json', JSON.stringify(DOCUMENT));
    const imported = await screen.findByTestId('talq-imported');
    expect(onImport).toHaveBeenCalledWith(DOCUMENT);
    expect(imported.textContent).toContain('Import completed');
    expect(imported.textContent).toContain('2 control programs: Weekdays and Weekends');
    expect(imported.textContent).toContain('1 calendar: Old town');
    expect(screen.queryByTestId('talq-import')).toBeNull();
  });

  it("lists each refused field at its path in the file, in the user's language", async () => {
    const details = [
      {
        path: 'document.controlPrograms.0.fixedTimeControls.0.startTime',
        rule: 'invalid',
        message: 'Start times are whole minutes',
        code: 'talq.error.seconds',
        params: { time: '20:00:15' },
      },
      { path: 'document.calendars.0.name', rule: 'maxLength', limit: 120, message: 'Too big' },
    ];
    open(() => Promise.reject(new ApiError(400, 'VALIDATION_FAILED', 'Invalid request', details)));
    importFile('refused.json', JSON.stringify(DOCUMENT));
    const failure = await screen.findByTestId('talq-failure');
    expect(failure.textContent).toContain('Nothing was imported.');
    expect(screen.getAllByTestId('talq-issue').map((item) => item.textContent)).toEqual([
      'controlPrograms.0.fixedTimeControls.0.startTime: Start times are whole minutes: 20:00:15 has seconds',
      'calendars.0.name: Maximum length 120',
    ]);
  });

  it('tells a name the project already has', async () => {
    const taken = new ApiError(409, 'CONTROL_PROGRAM_EXISTS', 'Control program Weekdays already exists', {
      error: 'Weekdays',
    });
    open(() => Promise.reject(taken));
    importFile('taken.json', JSON.stringify(DOCUMENT));
    expect((await screen.findByTestId('talq-failure')).textContent).toContain(
      'Control program Weekdays already exists',
    );
  });
});
