import { attributeUnit, type AttributeKey, type AttributeValues, type OutputState } from '@farola/protocol';

/** What formatting needs from the current language. */
export interface ValueFormat {
  language: string;
  yes: string;
  no: string;
  outputOn: string;
  outputOff: string;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
}

/**
 * A calendar day kept as 00:00 UTC (a device's installation date), as that day in the user's
 * language, wherever the browser is: `2026-03-01T00:00:00.000Z` is 1 March in New York too.
 */
export function formatDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
}

function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(new Date(iso));
}

function formatOutputs(outputs: readonly OutputState[], format: ValueFormat): string {
  return outputs.map((output) => `${output.index}: ${output.on ? format.outputOn : format.outputOff}`).join(' · ');
}

/** Coordinates need metre precision; measures read better rounded. */
const COORDINATE_DIGITS = 6;
const MEASURE_DIGITS = 3;
export const fractionDigitsFor = (key: string) =>
  key === 'latitude' || key === 'longitude' ? COORDINATE_DIGITS : MEASURE_DIGITS;

/** A plain field value in the user's language: booleans as yes/no, ISO dates as dates, numbers localised. */
export function formatValue(value: unknown, format: ValueFormat, fractionDigits = MEASURE_DIGITS): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? format.yes : format.no;
  if (typeof value === 'number')
    return new Intl.NumberFormat(format.language, { maximumFractionDigits: fractionDigits }).format(value);
  if (typeof value === 'string') return ISO_DATE_TIME.test(value) ? formatDateTime(value, format.language) : value;
  if (Array.isArray(value)) return value.map((item) => formatValue(item, format, fractionDigits)).join(', ');
  return JSON.stringify(value);
}

/**
 * An attribute value with its unit, e.g. `formatAttribute('voltage', { voltage: 230.4 }, en)` → '230.4 V'.
 */
export function formatAttribute<K extends AttributeKey>(key: K, values: AttributeValues, format: ValueFormat): string {
  if (key === 'outputs' && values.outputs) return formatOutputs(values.outputs, format);
  if (key === 'astronomicalInfo' && values.astronomicalInfo) {
    const { sunrise, sunset } = values.astronomicalInfo;
    return `☀ ${formatTime(sunrise, format.language)} – ${formatTime(sunset, format.language)}`;
  }
  const text = formatValue(values[key], format, fractionDigitsFor(key));
  const unit = attributeUnit(key);
  return unit ? `${text} ${unit}` : text;
}
