import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe } from '@/lib/api/data-generators';
import { queryClient } from '@/lib/query/query-client';
import { createDemoUser } from '../auth/demo-user';
import { currentPath, renderAppAt, settleRoutes, userWithRoles } from '../testing/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

/** Answers `GET /me` administering `administered`, and every other call with an empty page. */
function serveMe(administered: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      const body = pathname.endsWith('/me')
        ? buildMe({ administeredProjectIds: administered })
        : { items: [], nextCursor: null, total: 0 };
      return new Response(JSON.stringify(body));
    }),
  );
}

async function openMenu() {
  await act(async () => fireEvent.click(screen.getByTestId('user-menu')));
  await screen.findByRole('menuitem', { name: 'Logout' });
}

describe('the user menu', () => {
  it('is named after the user whose name it shows', async () => {
    await renderAppAt('/', createDemoUser());
    const trigger = screen.getByTestId('user-menu');
    expect(trigger.textContent).toContain('Demo User');
    expect(trigger.getAttribute('aria-label')).toBe('Demo User, user menu');
  });

  it('opens on the first click, though its list loads only then, and logs out from it', async () => {
    const user = createDemoUser();
    const logout = vi.spyOn(user, 'logout').mockImplementation(() => undefined);
    await renderAppAt('/', user);
    expect(screen.queryByRole('menuitem')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('user-menu')));
    expect(await screen.findByRole('menuitem', { name: 'Change password' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' })));
    expect(logout).toHaveBeenCalledOnce();
  });

  it('leads an admin to user management', async () => {
    const { location } = await renderAppAt('/', createDemoUser());
    await openMenu();
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'User management' })));
    await settleRoutes();
    expect(currentPath(location)).toBe('/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'User management' })).toBeDefined();
  });

  it("offers user management to a project's administrator, once the server has said so", async () => {
    serveMe(['00000000-0000-4000-8000-000000000003']);
    await renderAppAt('/', userWithRoles(['view-devices']));
    await openMenu();
    expect(await screen.findByRole('menuitem', { name: 'User management' })).toBeDefined();
  });

  it('does not offer user management to a user who administers no project', async () => {
    serveMe([]);
    await renderAppAt('/', userWithRoles(['manage-devices']));
    await openMenu();
    await act(async () => {
      await queryClient.refetchQueries({ queryKey: ['me'] });
    });
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Change password', 'Logout']);
  });
});
