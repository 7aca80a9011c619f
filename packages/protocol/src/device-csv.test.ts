import { describe, expect, it } from 'vitest';
import {
  DEVICE_CSV_COLUMN_KEYS,
  DEVICE_IMPORT_COLUMNS,
  deviceCsvColumnOf,
  deviceCsvHeaders,
  DeviceImportRowSchema,
  fromSpreadsheetCell,
  spreadsheetSafe,
  vendorOf,
} from './device-csv';
import { CsvLanguageSchema, DEVICE_CSV_HEADERS } from './device-csv-headers';

describe('the device CSV columns', () => {
  it.each(CsvLanguageSchema.options)('reads every header written in %s back to its column', (language) => {
    const headers = deviceCsvHeaders(language);
    expect(headers.map(deviceCsvColumnOf)).toEqual(DEVICE_CSV_COLUMN_KEYS);
  });

  it('never reads one header as two columns, whatever the language', () => {
    const seen = new Map<string, string>();
    for (const language of CsvLanguageSchema.options) {
      for (const column of DEVICE_CSV_COLUMN_KEYS) {
        const key = DEVICE_CSV_HEADERS[language][column].toLowerCase();
        expect(seen.get(key) ?? column, `${language}: ${key}`).toBe(column);
        seen.set(key, column);
      }
    }
  });

  it('ignores case, accents and spaces, takes the column keys, and knows no other header', () => {
    expect(deviceCsvColumnOf('  NUMERO DE SERIE ')).toBe('serialNumber');
    expect(deviceCsvColumnOf('\uFEFFSeriennummer')).toBe('serialNumber');
    expect(deviceCsvColumnOf('Szerokość  geograficzna')).toBe('latitude');
    expect(deviceCsvColumnOf('deviceType')).toBe('deviceType');
    expect(deviceCsvColumnOf('projectId')).toBeNull();
    expect(deviceCsvColumnOf('Colour')).toBeNull();
  });

  it('starts with the import template, the export-only columns after it', () => {
    expect(DEVICE_IMPORT_COLUMNS.slice(0, 5)).toEqual(['serialNumber', 'name', 'deviceType', 'vendor', 'project']);
    expect(DEVICE_CSV_COLUMN_KEYS.slice(0, DEVICE_IMPORT_COLUMNS.length)).toEqual(DEVICE_IMPORT_COLUMNS);
    expect(DEVICE_IMPORT_COLUMNS).not.toContain('status');
  });
});

describe('spreadsheet-safe cells', () => {
  it.each(['=1+2', '+34 600', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x","y")'])(
    'makes %j plain text, and gives it back unchanged',
    (value) => {
      const cell = spreadsheetSafe(value);
      expect(cell).toBe(`'${value}`);
      expect(fromSpreadsheetCell(cell)).toBe(value);
    },
  );

  it('leaves ordinary text alone, including one that starts with an apostrophe', () => {
    for (const value of ['Carrer de Aribau 13', "'quoted'", 'Demo city / Old town', '']) {
      expect(spreadsheetSafe(value)).toBe(value);
      expect(fromSpreadsheetCell(value)).toBe(value);
    }
  });
});

describe('an import row', () => {
  it('takes an exported row again: codes, the family by name, empty cells as no value', () => {
    const row = DeviceImportRowSchema.parse({
      serialNumber: 'SIM-OR-LP-000001',
      name: fromSpreadsheetCell("'-2+3"),
      deviceType: 'light-point-controller',
      vendor: 'Orion',
      project: 'Demo city / Old town',
      reference: '',
      latitude: '41.3874',
      longitude: '-3.7',
      installationDate: '2024-05-06T22:00:00.000Z',
      status: 'ready',
    });
    expect(row).toEqual({
      serialNumber: 'SIM-OR-LP-000001',
      name: '-2+3',
      deviceType: 'light-point-controller',
      vendor: 'orion',
      project: 'Demo city / Old town',
      latitude: 41.3874,
      longitude: -3.7,
      installationDate: '2024-05-06T22:00:00.000Z',
    });
  });

  it('refuses an unknown family, a latitude out of range and a missing name', () => {
    const base = { serialNumber: 'X-1', name: 'A', deviceType: 'cabinet-controller', vendor: 'vega', project: 'P' };
    expect(DeviceImportRowSchema.safeParse(base).success).toBe(true);
    expect(DeviceImportRowSchema.safeParse({ ...base, vendor: 'Acme' }).success).toBe(false);
    expect(DeviceImportRowSchema.safeParse({ ...base, latitude: '95' }).success).toBe(false);
    expect(DeviceImportRowSchema.safeParse({ ...base, name: ' ' }).success).toBe(false);
    expect(vendorOf(' VEGA ')).toBe('vega');
  });
});
