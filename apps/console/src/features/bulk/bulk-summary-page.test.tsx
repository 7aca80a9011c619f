import { BulkJobSchema } from '@farola/protocol';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { PROJECT_ID } from '@/lib/api/data-generators';
import { initI18n } from '@/lib/i18n/i18n';
import { BulkSummaryPage } from './bulk-summary-page';

const reboot = BulkJobSchema.parse({
  id: '00000000-0000-4000-8000-000000000a01',
  action: 'reboot',
  params: {},
  status: 'done',
  total: 4,
  succeeded: 3,
  failed: 1,
  pending: 0,
  skipped: 0,
  createdBy: 'ana',
  createdAt: '2026-03-02T09:30:00.000Z',
  finishedAt: '2026-03-02T09:31:00.000Z',
  projectIds: [PROJECT_ID],
});

/** Plays `GET /bulk-actions`, recording what it was asked. */
function serveJobs(jobs: unknown[]) {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url);
      return new Response(JSON.stringify({ items: jobs, nextCursor: null, total: jobs.length }));
    }),
  );
  return asked;
}

function renderRebootSummary() {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location = memoryLocation({ path: '/cabinet-controllers-reboot-summary' });
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queries}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <BulkSummaryPage reboot />
        </Router>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

beforeAll(async () => {
  await initI18n({ language: 'en', fallback: 'en' });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the reboot summary opened without a reboot', () => {
  it('says what it is for, leads to the cabinet controllers and offers the latest reboots', async () => {
    const asked = serveJobs([reboot]);
    renderRebootSummary();
    expect(screen.getByRole('heading', { level: 1, name: 'Cabinet controllers reboot summary' })).toBeDefined();
    expect(screen.getByText('No reboot chosen')).toBeDefined();
    expect(screen.getByText(/select cabinet controllers in their list, then choose Actions › Reboot/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go to the cabinet controllers' }).getAttribute('href')).toBe(
      '/inventory/cabinet-controllers',
    );
    const latest = await screen.findByRole('link', { name: /^Started by ana on / });
    expect(latest.getAttribute('href')).toBe(`/cabinet-controllers-reboot-summary?job=${reboot.id}`);
    expect(screen.getByTestId('recent-reboots').textContent).toContain('Finished · 4 of 4 finished');
    expect(asked.map((url) => url.searchParams.get('action'))).toEqual(['reboot']);
    expect(screen.queryByText('No bulk action given')).toBeNull();
  });

  it('says when no reboot has been started yet', async () => {
    serveJobs([]);
    renderRebootSummary();
    expect(await screen.findByText('No reboot has been started yet.')).toBeDefined();
  });
});
