import { describe, expect, it } from 'vitest';
import { parseCommand, UsageError } from './cli-args';

describe('parseCommand', () => {
  it('builds an action request from the target options and the parameters', () => {
    const request = parseCommand([
      'act',
      'set-command-failure-rate',
      '--serial',
      'SIM-OR-LP-000001',
      '--serial',
      'SIM-OR-LP-000002',
      '--operate-mode',
      '005',
      '--share',
      '0.5',
      '--param',
      'rate=0.2',
      '--param',
      'commands=["upgrade","applyUpdate"]',
      '--param',
      'message=Image rejected',
    ]);
    expect(request).toEqual({
      method: 'POST',
      path: '/actions',
      show: 'action',
      json: false,
      body: {
        action: 'set-command-failure-rate',
        target: { serials: ['SIM-OR-LP-000001', 'SIM-OR-LP-000002'], operateMode: '005', share: 0.5 },
        params: { rate: 0.2, commands: ['upgrade', 'applyUpdate'], message: 'Image rejected' },
      },
    });
  });

  it('nests dotted parameter keys and keeps text that is not JSON', () => {
    const { body } = parseCommand([
      'act',
      'inject-fault',
      '--kind',
      'light-point',
      '--param',
      'fault=cycling',
      '--param',
      'params.periodMinutes=4',
      '--param',
      'params.onShare=0.6',
    ]);
    expect(body).toMatchObject({ params: { fault: 'cycling', params: { periodMinutes: 4, onShare: 0.6 } } });
  });

  it('reads a negative number of minutes as an argument, not an option', () => {
    expect(parseCommand(['clock', 'advance', '-90', '--json'])).toEqual({
      method: 'PUT',
      path: '/clock',
      body: { advanceMinutes: -90 },
      show: 'clock',
      json: true,
    });
  });

  it('names scenarios in the path and refuses what it cannot read', () => {
    expect(parseCommand(['scenario', 'storm-outage'])).toMatchObject({
      method: 'POST',
      path: '/scenarios/storm-outage',
    });
    expect(parseCommand(['scenario', 'show', 'storm-outage'])).toMatchObject({
      method: 'GET',
      path: '/scenarios/storm-outage',
    });
    expect(parseCommand([])).toMatchObject({ show: 'help' });
    expect(() => parseCommand(['scenario', 'missing.json'])).toThrow(UsageError);
    expect(() => parseCommand(['device'])).toThrow('device takes one serial number');
    expect(() => parseCommand(['fleet', 'now'])).toThrow("fleet takes no arguments; unexpected 'now'");
  });
});
