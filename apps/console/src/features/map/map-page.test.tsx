import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { buildDevice, buildFleetColumns } from '@/lib/api/data-generators';
import { toFleetDevice } from '@/lib/api/fleet';
import { parseRuntimeConfig, setRuntimeConfig } from '@/lib/config';
import { bindFleetAtoms, fleetFilterAtom } from './fleet-atoms';
import { fleetStore, NO_FILTER } from './fleet-store';
import { mapSelectionAtom } from './selection';
import { changeLanguage, initI18n } from '@/lib/i18n/i18n';
import { appStore } from '@/lib/store';
import { MapPage } from './map-page';

function loadFleet(devices: ReturnType<typeof buildDevice>[]) {
  unbind = bindFleetAtoms(appStore, fleetStore);
  fleetStore.load(buildFleetColumns(devices.map(toFleetDevice)));
  // The page also reads the fleet from the API; the test holds that answer back, so the fleet is
  // the one loaded here (and no failed read is logged).
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
}

async function renderMap() {
  const location = memoryLocation({ path: '/map', record: true });
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={new QueryClient()}>
        <Provider store={appStore}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <MapPage />
          </Router>
        </Provider>
      </QueryClientProvider>
    </FluentProvider>,
  );
  // The Leaflet map and the search box are chunks of their own, loaded after the page.
  await screen.findByTestId('device-map', {}, { timeout: 10_000 });
  await screen.findByTestId('device-search', {}, { timeout: 10_000 });
  return { ...view, location };
}

beforeAll(async () => {
  setRuntimeConfig(parseRuntimeConfig({}));
  await initI18n({ language: 'en', fallback: 'en' });
});

let unbind: () => void = () => undefined;
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  unbind();
  appStore.set(fleetFilterAtom, NO_FILTER);
  appStore.set(mapSelectionAtom, []);
  fleetStore.clear();
  await changeLanguage('en');
});

describe('the map page', () => {
  it('summarises the live fleet, keeps the summary current and counts what passes the quick filters', async () => {
    const devices = [
      buildDevice({ seed: 601, name: 'Plaça Reial 1' }),
      buildDevice({ seed: 602, attributes: { poweredOn: false } }),
      buildDevice({ seed: 603, connected: false }),
      buildDevice({ seed: 604, deviceType: 'cabinet-controller', vendor: 'vega' }),
    ];
    loadFleet(devices);
    await renderMap();
    expect(screen.getByTestId('fleet-summary').textContent).toBe(
      '4 devices · 3 connected · 2 switched on · 0 in alarm',
    );

    await act(async () =>
      fleetStore.apply([
        { deviceId: devices[0]!.id, connected: false },
        { deviceId: devices[1]!.id, alarm: true },
      ]),
    );
    expect(screen.getByTestId('fleet-summary').textContent).toBe(
      '4 devices · 2 connected · 1 switched on · 1 in alarm',
    );

    await act(async () => appStore.set(fleetFilterAtom, { ...NO_FILTER, vendors: new Set(['vega'] as const) }));
    expect(screen.getByTestId('fleet-summary').textContent).toBe('1 device · 1 connected · 1 switched on · 0 in alarm');
  });

  it("opens a device's details from 'Find in map'", async () => {
    const device = buildDevice({ seed: 611, name: 'Rambla del Raval 7' });
    loadFleet([device]);
    const { location } = await renderMap();
    const search = screen.getByTestId('device-search');
    await act(async () => fireEvent.input(search, { target: { value: 'raval' } }));
    const option = await screen.findByRole('option', { name: /OR-LP-000611/ });
    await act(async () => fireEvent.click(option));
    expect(location.history.at(-1)).toBe(`/map/devices/${device.id}?tab=details`);
  });

  it('shows the selection count, the bulk actions it was given, and clears the selection', async () => {
    const devices = [buildDevice({ seed: 631 }), buildDevice({ seed: 632 })];
    loadFleet(devices);
    const location = memoryLocation({ path: '/map' });
    render(
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider client={new QueryClient()}>
          <Provider store={appStore}>
            <Router hook={location.hook}>
              <MapPage selectionActions={<button type="button">Switch off</button>} />
            </Router>
          </Provider>
        </QueryClientProvider>
      </FluentProvider>,
    );
    await screen.findByTestId('device-map', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('selection-bar')).toBeNull();
    await act(async () =>
      appStore.set(
        mapSelectionAtom,
        devices.map((device) => device.id),
      ),
    );
    expect(screen.getByTestId('selection-count').textContent).toBe('2 selected');
    expect(screen.getByRole('button', { name: 'Switch off' })).toBeDefined();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear selection' })));
    expect(appStore.get(mapSelectionAtom)).toEqual([]);
    expect(screen.queryByTestId('selection-bar')).toBeNull();
  });

  it('hides the location search when no geocoder is configured', async () => {
    await renderMap();
    expect(screen.queryByTestId('location-search')).toBeNull();
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
