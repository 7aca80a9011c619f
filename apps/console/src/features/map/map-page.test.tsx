import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { buildAttributeUpdate, buildDevice } from '@/lib/api/data-generators';
import { toFleetDevice } from '@/lib/api/fleet';
import { parseRuntimeConfig, setRuntimeConfig } from '@/lib/config';
import { changeLanguage, initI18n } from '@/lib/i18n/i18n';
import { createFleetWriter } from '@/lib/realtime/fleet-writer';
import { appStore } from '@/lib/store';
import { MapPage } from './map-page';

async function renderMap() {
  const location = memoryLocation({ path: '/map', record: true });
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <Provider store={appStore}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <MapPage />
        </Router>
      </Provider>
    </FluentProvider>,
  );
  // The Leaflet map and the search box are chunks of their own, loaded after the page.
  await screen.findByTestId('device-map');
  await screen.findByTestId('device-search');
  return { ...view, location };
}

beforeAll(async () => {
  setRuntimeConfig(parseRuntimeConfig({}));
  await initI18n({ language: 'en', fallback: 'en' });
});

afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('the map page', () => {
  it('summarises the live fleet and keeps the summary current', async () => {
    const writer = createFleetWriter(appStore);
    const devices = [
      buildDevice({ seed: 601, name: 'Plaça Reial 1' }),
      buildDevice({ seed: 602, attributes: { poweredOn: false } }),
      buildDevice({ seed: 603, connected: false }),
    ];
    writer.putDevices(devices.map(toFleetDevice));
    writer.setIds(
      devices.map((device) => device.id),
      true,
    );
    await renderMap();
    expect(screen.getByTestId('device-map').querySelectorAll('path.leaflet-interactive')).toHaveLength(3);
    expect(screen.getByTestId('fleet-summary').textContent).toBe('3 devices · 2 connected · 1 switched on');

    const [first] = devices;
    if (!first) throw new Error('fixture missing');
    await act(async () =>
      writer.applyUpdates([
        {
          kind: 'connection',
          payload: { deviceId: first.id, projectId: first.projectId, ts: '2025-05-04T11:00:00.000Z', connected: false },
        },
      ]),
    );
    expect(screen.getByTestId('fleet-summary').textContent).toBe('3 devices · 1 connected · 0 switched on');
  });

  it("opens a device's details from 'Find in map'", async () => {
    const device = buildDevice({ seed: 611, name: 'Rambla del Raval 7' });
    const writer = createFleetWriter(appStore);
    writer.putDevices([toFleetDevice(device)]);
    writer.setIds([device.id], true);
    const { location } = await renderMap();
    const search = screen.getByTestId('device-search');
    await act(async () => fireEvent.input(search, { target: { value: 'raval' } }));
    const option = await screen.findByRole('option', { name: /OR-LP-000611/ });
    await act(async () => fireEvent.click(option));
    expect(location.history.at(-1)).toBe(`/map/devices/${device.id}?tab=details`);
  });

  it('restyles a marker in place when its device switches off, without redrawing it', async () => {
    const device = buildDevice({ seed: 621 });
    const writer = createFleetWriter(appStore);
    writer.putDevices([toFleetDevice(device)]);
    writer.setIds([device.id], true);
    await renderMap();
    const path = screen.getByTestId('device-map').querySelector('path.leaflet-interactive');
    const litClass = path?.getAttribute('class');
    await act(async () =>
      writer.applyUpdates([
        {
          kind: 'attributes',
          payload: buildAttributeUpdate({
            deviceId: device.id,
            ts: '2025-05-04T11:00:00.000Z',
            values: { poweredOn: false },
          }),
        },
      ]),
    );
    expect(path?.isConnected).toBe(true);
    expect(path?.getAttribute('class')).not.toBe(litClass);
    expect(path?.classList.contains('leaflet-interactive')).toBe(true);
  });

  it("names the map's zoom buttons and the search button in the user's language", async () => {
    await changeLanguage('de');
    await renderMap();
    const map = screen.getByTestId('device-map');
    expect(map.querySelector('.leaflet-control-zoom-in')?.getAttribute('title')).toBe('Vergrößern');
    expect(map.querySelector('.leaflet-control-zoom-out')?.getAttribute('title')).toBe('Verkleinern');
    expect(screen.getByRole('button', { name: 'Treffer anzeigen' })).toBeDefined();
  });

  it('does not announce the ever-changing fleet counts to screen readers', async () => {
    await renderMap();
    expect(screen.getByTestId('fleet-summary').closest('[aria-live]')).toBeNull();
  });
});
