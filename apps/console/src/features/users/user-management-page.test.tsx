import type { DirectoryUser, Me, ProjectPermission, ProjectRole } from '@farola/protocol';
import { FluentProvider, Toaster, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildDirectoryUser, buildMe, buildProject } from '@/lib/api/data-generators';
import { initI18n } from '@/lib/i18n/i18n';
import { appStore } from '@/lib/store';
import { TOASTER_ID } from '@/lib/toaster';
import { UserManagementPage } from './user-management-page';

const north = buildProject({ seed: 1, name: 'North districts' });
const demo = buildProject({ seed: 2, name: 'Demo city' });
const oldTown = buildProject({ seed: 3, name: 'Old town', parentId: demo.id });
const elsewhere = buildProject({ seed: 4, name: 'Elsewhere' });

const ana = buildDirectoryUser({ seed: 1, username: 'ana', givenName: 'Ana', familyName: 'Pérez' });
const otto = buildDirectoryUser({
  seed: 2,
  username: 'outsider',
  givenName: 'Otto',
  familyName: 'Outsider',
  email: 'outsider@farola.test',
  lastSeenAt: null,
});

interface ServerState {
  me: Me;
  users: DirectoryUser[];
  /** userId → projectId → role */
  roles: Map<string, Map<string, ProjectRole>>;
  /** Answers `GET /users/{id}/permissions` with a 500. */
  failPermissions?: boolean;
}

function errorBody(status: number, code: string, message: string) {
  return new Response(JSON.stringify({ error: { code, message } }), { status });
}

/**
 * Plays the user management API over fetch, with its rules: permissions only on administered
 * projects, and 'User already exists with that role' for a role already held.
 */
function serveUsers(overrides: Partial<ServerState> = {}) {
  const state: ServerState = {
    me: buildMe({ roles: ['admin'], administeredProjectIds: [north.id, demo.id, oldTown.id] }),
    users: [ana, otto],
    roles: new Map(),
    ...overrides,
  };
  const projects = [demo, elsewhere, north, oldTown];
  const permissionsOf = (user: DirectoryUser) => ({
    user,
    permissions: [...(state.roles.get(user.id) ?? new Map<string, ProjectRole>())].map(
      ([projectId, role]): ProjectPermission => ({
        projectId,
        projectName: projects.find((project) => project.id === projectId)?.name ?? '',
        role,
      }),
    ),
  });
  const json = (body: unknown) => new Response(JSON.stringify(body));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^.*\/api\/v1\//, '');
    if (path === 'me') return json(state.me);
    if (path === 'projects') return json({ items: projects, nextCursor: null, total: projects.length });
    if (path === 'users') return json(userPage(state.users, url.searchParams));
    const userId = /^users\/([^/]+)\/permissions$/.exec(path)?.[1];
    const user = state.users.find((candidate) => candidate.id === decodeURIComponent(userId ?? ''));
    if (!user) return errorBody(404, 'NOT_FOUND', 'Not found');
    if (method === 'GET') {
      return state.failPermissions ? errorBody(500, 'UNKNOWN_ERROR', 'Boom') : json(permissionsOf(user));
    }
    const held = state.roles.get(user.id) ?? new Map<string, ProjectRole>();
    state.roles.set(user.id, held);
    if (method === 'POST') {
      const { projectId, role } = JSON.parse(String(init?.body)) as { projectId: string; role: ProjectRole };
      if (!state.me.administeredProjectIds.includes(projectId)) {
        return errorBody(403, 'ACCESS_NOT_GRANTED', 'Access not granted');
      }
      if (held.get(projectId) === role) return errorBody(409, 'USER_ROLE_EXISTS', 'User already exists with that role');
      held.set(projectId, role);
      return json(permissionsOf(user));
    }
    held.delete(url.searchParams.get('projectId') ?? '');
    return json(permissionsOf(user));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { state, fetchMock };
}

/** Two users per page, by user name, matching `q` on user name, names or e-mail. */
function userPage(users: DirectoryUser[], search: URLSearchParams) {
  const q = (search.get('q') ?? '').toLowerCase();
  const matching = users
    .filter((user) => [user.username, user.givenName, user.familyName, user.email].join(' ').toLowerCase().includes(q))
    .sort((a, b) => a.username.localeCompare(b.username));
  const start = Number(search.get('cursor') ?? 0);
  const end = start + 2;
  return {
    items: matching.slice(start, end),
    nextCursor: end < matching.length ? String(end) : null,
    total: matching.length,
  };
}

function calls(fetchMock: ReturnType<typeof serveUsers>['fetchMock'], method: string, pathEnd: string) {
  return fetchMock.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return (init?.method ?? 'GET') === method && url.pathname.endsWith(pathEnd);
  });
}

function renderPage() {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queries}>
        <Provider store={appStore}>
          <UserManagementPage />
          <Toaster toasterId={TOASTER_ID} />
        </Provider>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

async function selectUser(username: string) {
  const result = await screen.findByRole('button', { name: new RegExp(`^${username}`) });
  await act(async () => fireEvent.click(result));
  return within(screen.getByTestId('user-permissions'));
}

async function grant(projectName: string, roleLabel: string) {
  const project = await screen.findByRole('option', { name: projectName });
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Project'), { target: { value: project.getAttribute('value') } });
    fireEvent.change(screen.getByLabelText('Role'), {
      target: { value: roleLabel === 'Admin' ? 'admin' : 'user' },
    });
  });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Grant role' })));
}

beforeAll(async () => {
  await initI18n({ language: 'en', fallback: 'en' });
  // Role queries over Fluent's dialogs and tables take seconds in jsdom on a busy machine.
  configure({ asyncUtilTimeout: 5000 });
});

afterAll(() => configure({ asyncUtilTimeout: 1000 }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the user management screen', () => {
  it('lists users with their names, e-mail and last sighting, and pages with Show more', async () => {
    const users = [ana, otto, buildDirectoryUser({ seed: 3, username: 'viewer' })];
    const { fetchMock } = serveUsers({ users });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Users found' });
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    expect(list.textContent).toContain('Ana Pérez');
    expect(list.textContent).toContain('outsider@farola.test');
    expect(list.textContent).toContain('Not seen yet');
    expect(list.textContent).toMatch(/Last seen .*2025/);
    expect(screen.getByText('3 users found')).toBeDefined();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(3));
    expect(calls(fetchMock, 'GET', '/users').at(-1)?.[0]).toContain('cursor=2');
    // The keyboard moves on to the first user that Show more loaded.
    await waitFor(() => expect(document.activeElement?.textContent).toContain('viewer'));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('searches once the typing pauses', async () => {
    const { fetchMock } = serveUsers();
    renderPage();
    await screen.findByRole('list', { name: 'Users found' });
    const before = calls(fetchMock, 'GET', '/users').length;
    await act(async () => {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'ou' } });
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'out' } });
    });
    await waitFor(() => expect(screen.getAllByTestId('user-result')).toHaveLength(1));
    const searches = calls(fetchMock, 'GET', '/users').slice(before);
    expect(searches.map(([input]) => new URL(String(input), 'http://localhost').searchParams.get('q'))).toEqual([
      'out',
    ]);
    expect(screen.getByTestId('user-result').textContent).toContain('outsider');
  });

  it("says 'This user has no permissions on any project' for a user without any", async () => {
    serveUsers();
    renderPage();
    const section = await selectUser('outsider');
    expect(await section.findByText('This user has no permissions on any project')).toBeDefined();
    expect(screen.getByRole('button', { name: /^outsider/ }).getAttribute('aria-current')).toBe('true');
  });

  it("shows the selected user's role per project, labelled 'Admin' and 'User'", async () => {
    serveUsers({
      roles: new Map([
        [
          ana.id,
          new Map<string, ProjectRole>([
            [north.id, 'admin'],
            [demo.id, 'user'],
          ]),
        ],
      ]),
    });
    renderPage();
    const section = await selectUser('ana');
    const table = await section.findByRole('grid', { name: 'Permissions of ana' });
    const rows = within(table).getAllByTestId('permission-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('North districts'),
      expect.stringContaining('Demo city'),
    ]);
    const northRole = section.getByRole('combobox', { name: 'Role on North districts' });
    expect((northRole as HTMLSelectElement).value).toBe('admin');
    expect(
      within(northRole)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Admin', 'User']);
  });

  it("says 'User permissions not available' when they cannot be loaded", async () => {
    serveUsers({ failPermissions: true });
    renderPage();
    const section = await selectUser('ana');
    expect(await section.findByText('User permissions not available')).toBeDefined();
  });

  it('offers only the projects the caller administers, subprojects under their parent', async () => {
    serveUsers();
    renderPage();
    await selectUser('outsider');
    await screen.findByRole('option', { name: 'North districts' });
    const options = within(screen.getByLabelText('Project')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Choose a project',
      'Demo city',
      'Demo city / Old town',
      'North districts',
    ]);
  });

  it('grants a role, confirms it with a notification and lists it', async () => {
    const { fetchMock } = serveUsers();
    renderPage();
    const section = await selectUser('outsider');
    await section.findByText('This user has no permissions on any project');
    await grant('North districts', 'User');
    expect(await screen.findByText('outsider now has the role User on North districts')).toBeDefined();
    const table = await section.findByRole('grid');
    expect(within(table).getByTestId('permission-row').textContent).toContain('North districts');
    const [, init] = calls(fetchMock, 'POST', `/users/${otto.id}/permissions`)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ projectId: north.id, role: 'user' });
  });

  it("refuses a role the user already holds with 'User already exists with that role'", async () => {
    serveUsers({ roles: new Map([[otto.id, new Map<string, ProjectRole>([[north.id, 'user']])]]) });
    renderPage();
    const section = await selectUser('outsider');
    await section.findByRole('grid');
    await grant('North districts', 'User');
    expect((await screen.findByTestId('grant-error')).textContent).toBe('User already exists with that role');
    // Changing the form clears the refusal.
    await act(async () => fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'admin' } }));
    await waitFor(() => expect(screen.queryByTestId('grant-error')).toBeNull());
  });

  it("refuses a project the caller may not administer with 'Access not granted'", async () => {
    const { state } = serveUsers();
    renderPage();
    await selectUser('outsider');
    await screen.findByRole('option', { name: 'North districts' });
    // The caller lost the administration of the project since the screen was opened.
    state.me = { ...state.me, administeredProjectIds: [demo.id] };
    await grant('North districts', 'Admin');
    expect((await screen.findByTestId('grant-error')).textContent).toBe('Access not granted');
  });

  it('changes the role held on a project', async () => {
    const { fetchMock } = serveUsers({
      roles: new Map([[otto.id, new Map<string, ProjectRole>([[north.id, 'user']])]]),
    });
    renderPage();
    const section = await selectUser('outsider');
    const role = await section.findByRole('combobox', { name: 'Role on North districts' });
    await act(async () => fireEvent.change(role, { target: { value: 'admin' } }));
    expect(await screen.findByText('outsider now has the role Admin on North districts')).toBeDefined();
    expect((section.getByRole('combobox', { name: 'Role on North districts' }) as HTMLSelectElement).value).toBe(
      'admin',
    );
    const [, init] = calls(fetchMock, 'POST', `/users/${otto.id}/permissions`)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ projectId: north.id, role: 'admin' });
  });

  it('removes a permission after a confirmation, and keeps it when the confirmation is cancelled', async () => {
    const { fetchMock } = serveUsers({
      roles: new Map([[otto.id, new Map<string, ProjectRole>([[north.id, 'user']])]]),
    });
    renderPage();
    const section = await selectUser('outsider');
    // The button is looked up before each click: the section may have re-rendered it meanwhile.
    const remove = () => section.findByRole('button', { name: 'Remove the permission on North districts' });
    await act(async () => fireEvent.click(await remove()));
    await act(async () =>
      fireEvent.click(
        within(await screen.findByRole('alertdialog', { hidden: true }, { timeout: 10_000 })).getByText('Cancel'),
      ),
    );
    // Gone for good, not only hidden while its closing motion runs: a click meanwhile opens nothing.
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull(), { timeout: 10_000 });
    expect(calls(fetchMock, 'DELETE', '/permissions')).toHaveLength(0);

    await act(async () => fireEvent.click(await remove()));
    const dialog = await screen.findByRole('alertdialog', { hidden: true }, { timeout: 10_000 });
    expect(dialog.textContent).toContain('outsider will no longer have access to North districts');
    // The toast stack is a chunk of its own, loaded with the first toast: slow on a busy machine. On
    // one, jsdom also saw the dialog's surface left aria-hidden by Fluent's focus trap (tabster) for
    // over 10 s (1 run in 3 beside two others): the dialog and its buttons are found however the tree
    // is marked here; its accessibility is checked in the browser (axe, tests/e2e).
    const slow = { timeout: 10_000 };
    const confirm = await within(dialog).findByRole('button', { name: 'Remove', hidden: true }, slow);
    await act(async () => fireEvent.click(confirm));
    expect(await section.findByText('This user has no permissions on any project', {}, slow)).toBeDefined();
    expect(await screen.findByText('Permission of outsider on North districts removed', {}, slow)).toBeDefined();
    expect(calls(fetchMock, 'DELETE', `/users/${otto.id}/permissions`)[0]?.[0]).toContain(`projectId=${north.id}`);
  });

  it("reloads what the console knows of the caller when the caller's own permissions change", async () => {
    const caller = buildDirectoryUser({ seed: 9, username: 'me-myself' });
    const { fetchMock } = serveUsers({
      users: [caller],
      me: buildMe({ id: caller.id, administeredProjectIds: [north.id] }),
    });
    renderPage();
    await selectUser('me-myself');
    await screen.findByRole('option', { name: 'North districts' });
    const readsBefore = calls(fetchMock, 'GET', '/me').length;
    await grant('North districts', 'User');
    await waitFor(() => expect(calls(fetchMock, 'GET', '/me').length).toBe(readsBefore + 1));
  });
});
