import {
  CabinetConfigurationPatchSchema,
  DEFAULT_CABINET_CONFIGURATION,
  maskCabinetConfiguration,
} from '@farola/protocol';
import { describe, expect, it } from 'vitest';
import { checkPowerTable, nextDraftRow, toDraftRows } from './power-table-form';

const reported = maskCabinetConfiguration({
  ...DEFAULT_CABINET_CONFIGURATION,
  mobile: { ...DEFAULT_CABINET_CONFIGURATION.mobile, password: 'secret' },
  other: {
    ...DEFAULT_CABINET_CONFIGURATION.other,
    powerTable: [
      { level: 0, watts: 120 },
      { level: 50, watts: 800 },
      { level: 100, watts: 1500 },
    ],
  },
});

describe('the cabinet power table form', () => {
  it('starts from the reported rows and sends nothing while nothing changed', () => {
    const rows = toDraftRows(reported);
    expect(rows).toEqual([
      { level: '0', watts: '120' },
      { level: '50', watts: '800' },
      { level: '100', watts: '1500' },
    ]);
    expect(checkPowerTable(reported, rows)).toEqual({ rows: {}, table: null, patch: null });
  });

  it('sends the whole edited table as one setConfiguration change the server accepts', () => {
    // The middle row edited: its level moved and its power typed with spaces around it.
    const rows = toDraftRows(reported).map((row) => (row.level === '50' ? { level: '70', watts: ' 1010.5 ' } : row));
    const { patch } = checkPowerTable(reported, rows);
    expect(patch).toEqual({
      other: {
        powerTable: [
          { level: 0, watts: 120 },
          { level: 70, watts: 1010.5 },
          { level: 100, watts: 1500 },
        ],
      },
    });
    expect(CabinetConfigurationPatchSchema.safeParse(patch).success).toBe(true);
    // Removing every row is a change too: an empty table.
    expect(checkPowerTable(reported, []).patch).toEqual({ other: { powerTable: [] } });
  });

  it('refuses empty, non-numeric and out-of-range cells row by row, and levels that do not increase', () => {
    const check = checkPowerTable(reported, [
      { level: '', watts: '10' },
      { level: '120', watts: 'a lot' },
      { level: '40', watts: '-1' },
    ]);
    expect(check.patch).toBeNull();
    expect(check.rows).toEqual({
      0: { level: { rule: 'required' } },
      1: { level: { rule: 'max', limit: 100 }, watts: { rule: 'type' } },
      2: { watts: { rule: 'min', limit: 0 } },
    });
    const unordered = checkPowerTable(reported, [
      { level: '60', watts: '10' },
      { level: '30', watts: '20' },
    ]);
    expect(unordered.rows).toEqual({});
    expect(unordered.table).toMatchObject({ rule: 'invalid' });
    expect(unordered.patch).toBeNull();
  });

  it('adds a row ten points above the last, at most 100 %', () => {
    expect(nextDraftRow([])).toEqual({ level: '0', watts: '0' });
    expect(nextDraftRow([{ level: '50', watts: '800' }])).toEqual({ level: '60', watts: '800' });
    expect(nextDraftRow([{ level: '95', watts: '900' }])).toEqual({ level: '100', watts: '900' });
  });
});
