import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDemoUser } from '../auth/demo-user';
import { renderAppAt } from '../testing/render-app';

afterEach(cleanup);

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
});
