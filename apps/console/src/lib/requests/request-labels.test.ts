import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '@/lib/api/data-generators';
import en from '@/locales/en/device.json';
import es from '@/locales/es/device.json';
import { type DeviceT, requestNote, requestStatusLabel } from './request-labels';

const i18n = i18next.createInstance();
let english: DeviceT;
let spanish: DeviceT;

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { device: en }, es: { device: es } },
    ns: ['device'],
    interpolation: { escapeValue: false },
  });
  english = i18n.getFixedT('en', 'device');
  spanish = i18n.getFixedT('es', 'device');
});

describe('requestStatusLabel', () => {
  it('says that a request held for its disconnected device waits for it, and until when', () => {
    const waiting = buildRequest({ waitingForDevice: true, waitUntil: '2025-05-04T10:15:00.000Z' });
    const sameDay = new Date('2025-05-04T10:01:00.000Z');
    expect(requestStatusLabel(english, waiting, 'en', sameDay)).toMatch(
      /^Waiting for the device to reconnect \(until \d{1,2}:15\s?[AP]M\)$/,
    );
    expect(requestStatusLabel(spanish, waiting, 'es', sameDay)).toMatch(
      /^Esperando a que el dispositivo se reconecte \(hasta \d{1,2}:15\)$/,
    );
    // A wait that ends another day (configuration: 24 hours, installation: 30 days) names the date.
    const dayBefore = new Date('2025-05-03T09:00:00.000Z');
    expect(requestStatusLabel(english, waiting, 'en', dayBefore)).toMatch(/\(until 5\/4\/25, \d{1,2}:15\s?[AP]M\)$/);
    expect(requestStatusLabel(spanish, waiting, 'es', dayBefore)).toMatch(/\(hasta 4\/5\/25, \d{1,2}:15\)$/);
  });

  it('reads the status of a request being sent, or that has ended', () => {
    expect(requestStatusLabel(english, buildRequest(), 'en')).toBe('In progress');
    expect(requestStatusLabel(spanish, buildRequest({ status: 'DONE' }), 'es')).toBe(es.requestStatus.DONE);
    // An ended request never waits, whatever its last stored state said.
    expect(requestStatusLabel(english, buildRequest({ status: 'ERROR', waitingForDevice: true }), 'en')).toBe('Error');
  });
});

describe('requestNote', () => {
  it('explains a done switch-on whose device found no mains on its circuit, and only that', () => {
    const noMains = buildRequest({ command: 'switchOn', status: 'DONE', detail: { mains: false } });
    expect(requestNote(english, noMains)).toBe(
      'Switched on; the lamp stays off until its cabinet controller powers the circuit',
    );
    expect(requestNote(spanish, noMains)).toBe(
      'Encendido; la lámpara sigue apagada hasta que su controlador de armario alimente el circuito',
    );
    expect(requestNote(english, { ...noMains, detail: { mains: true } })).toBeNull();
    // A device that does not say (a cabinet, an older firmware) gets no explanation.
    expect(requestNote(english, { ...noMains, detail: null })).toBeNull();
    expect(requestNote(english, { ...noMains, status: 'IN_PROGRESS' })).toBeNull();
    expect(requestNote(english, { ...noMains, command: 'switchOff' })).toBeNull();
  });
});
