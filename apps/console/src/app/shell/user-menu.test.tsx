import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
});
