import type { DevicePhoto } from '@farola/protocol';
import { FluentProvider, Toaster, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildDevice, buildPhoto } from '@/lib/api/data-generators';
import { userWithRoles } from '@/lib/auth/testing';
import { SignedInUserProvider } from '@/lib/auth/user-context';
import { initI18n } from '@/lib/i18n/i18n';
import { appStore } from '@/lib/store';
import { TOASTER_ID } from '@/lib/toaster';
import { PhotographyTab } from './photography-tab';

const device = buildDevice({ seed: 700 });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** The server's photographs of the device; the fetch double lists, serves, stores and deletes them. */
let stored: DevicePhoto[] = [];
let requests: { method: string; url: URL; init: RequestInit | undefined }[] = [];

function serveApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      requests.push({ method, url, init });
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (url.pathname.endsWith(`/devices/${device.id}/photos`) && method === 'GET') {
        return json({ items: stored, nextCursor: null, total: stored.length });
      }
      if (url.pathname.endsWith(`/devices/${device.id}/photos`) && method === 'POST') {
        const photo = buildPhoto({
          seed: 50 + stored.length,
          deviceId: device.id,
          filename: url.searchParams.get('filename') ?? '',
          contentType: 'image/png',
          uploadedBy: 'test',
        });
        stored = [photo, ...stored];
        return json(photo, 201);
      }
      const photo = stored.find((candidate) => url.pathname.includes(`/photos/${candidate.id}`));
      if (!photo) return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
      if (url.pathname.endsWith('/content')) return new Response(new Blob([PNG], { type: 'image/png' }));
      if (method === 'DELETE') {
        stored = stored.filter((candidate) => candidate !== photo);
        return json(photo);
      }
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
}

function renderTab(roles: string[] = ['manage-devices']) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queries}>
        <Provider store={appStore}>
          <SignedInUserProvider user={userWithRoles(roles)}>
            <PhotographyTab device={device} />
            <Toaster toasterId={TOASTER_ID} />
          </SignedInUserProvider>
        </Provider>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

let objectUrls = 0;
const created: string[] = [];
const revoked: string[] = [];

beforeAll(async () => {
  await initI18n({ language: 'en', fallback: 'en' });
}, 30_000);

beforeEach(() => {
  stored = [
    buildPhoto({ seed: 2, deviceId: device.id, caption: 'Pole base', uploadedAt: '2025-05-04T10:00:00.000Z' }),
    buildPhoto({ seed: 1, deviceId: device.id, filename: 'luminaire.jpg', uploadedAt: '2025-05-03T09:00:00.000Z' }),
  ];
  requests = [];
  created.length = 0;
  revoked.length = 0;
  // jsdom has no object URLs.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn(() => {
        const url = `blob:photo-${++objectUrls}`;
        created.push(url);
        return url;
      }),
      revokeObjectURL: vi.fn((url: string) => revoked.push(url)),
    }),
  );
  serveApi();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Photography tab', () => {
  it('shows each photograph with its caption (or file name), uploader and date, its image fetched with the token', async () => {
    renderTab();
    const base = await screen.findByRole('img', { name: 'Pole base' });
    expect(base.getAttribute('src')).toMatch(/^blob:photo-/);
    expect(await screen.findByRole('img', { name: 'luminaire.jpg' })).toBeDefined();
    const list = screen.getByRole('list', { name: 'Photography' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list.textContent).toContain('Uploaded by operator on');
    expect(requests.filter((r) => r.url.pathname.endsWith('/content'))).toHaveLength(2);
    expect(screen.getByText('2 photographs')).toBeDefined();
  });

  it('uploads a chosen image as its own bytes and type, says so, and shows it first', async () => {
    renderTab();
    await screen.findByRole('img', { name: 'Pole base' });
    const file = new File([PNG], 'north face.png', { type: 'image/png' });
    await act(async () => fireEvent.change(screen.getByTestId('photo-file'), { target: { files: [file] } }));
    expect((await screen.findAllByText('Photograph uploaded')).length).toBeGreaterThan(0);
    const upload = requests.find((r) => r.method === 'POST');
    expect(upload?.url.searchParams.get('filename')).toBe('north face.png');
    expect(new Headers(upload?.init?.headers).get('content-type')).toBe('image/png');
    expect(upload?.init?.body).toBe(file);
    const first = (await screen.findAllByRole('listitem')).at(0);
    await waitFor(() => expect(within(first!).getByRole('img').getAttribute('alt')).toBe('north face.png'));
  });

  it('refuses a file of another type, or over 5 MB, before sending it', async () => {
    renderTab();
    await screen.findByRole('img', { name: 'Pole base' });
    const input = screen.getByTestId('photo-file');
    const gif = new File(['GIF89a'], 'anim.gif', { type: 'image/gif' });
    await act(async () => fireEvent.change(input, { target: { files: [gif] } }));
    expect(screen.getByTestId('photo-problem').textContent).toBe('Only JPEG, PNG or WebP images are allowed');
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    await act(async () => fireEvent.change(input, { target: { files: [huge] } }));
    expect(screen.getByTestId('photo-problem').textContent).toBe('The photograph must be 5 MB or smaller');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('deletes a photograph only once the deletion is confirmed', async () => {
    renderTab();
    await screen.findByRole('img', { name: 'Pole base' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Pole base' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete the photograph Pole base?');
    // The dialog's buttons become accessible only once its opening transition is over.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Pole base' }));
    // The cancelled dialog may still be leaving; the new one is the last.
    dialog = (await screen.findAllByRole('alertdialog')).at(-1)!;
    const confirm = within(dialog).getByRole('button', { name: 'Delete photograph', hidden: true });
    await act(async () => fireEvent.click(confirm));
    expect((await screen.findAllByText('Photograph deleted')).length).toBeGreaterThan(0);
    expect(requests.find((r) => r.method === 'DELETE')?.url.pathname).toMatch(/\/photos\/[0-9a-f-]+$/);
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Pole base' })).toBeNull());
    expect(screen.getByRole('img', { name: 'luminaire.jpg' })).toBeDefined();
  });

  it('lets a viewer look but not upload or delete, and says why', async () => {
    renderTab(['view-devices']);
    await screen.findByRole('img', { name: 'Pole base' });
    const upload = screen.getByTestId('photo-upload');
    expect(upload.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Your role does not allow changing the photographs of devices')).toBeDefined();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit the caption/ })).toBeNull();
  });

  it('says plainly that there are none, and frees every image it loaded when closed', async () => {
    const { unmount } = renderTab();
    await screen.findByRole('img', { name: 'Pole base' });
    await waitFor(() => expect(created).toHaveLength(2));
    unmount();
    expect([...revoked].sort()).toEqual([...created].sort());

    stored = [];
    renderTab();
    expect(await screen.findByText('No photographs')).toBeDefined();
  });
});
