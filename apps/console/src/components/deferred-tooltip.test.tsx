import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeferredTooltip } from './deferred-tooltip';

afterEach(cleanup);

/** The first test to show a tooltip loads Fluent's tooltip module: over 5 s under jsdom on a busy machine. */
const LOAD_TIMEOUT_MS = 12_000;

describe('a deferred tooltip', () => {
  it('names a control by its label before the tooltip has loaded', () => {
    render(
      <DeferredTooltip content="Switch to the light theme" relationship="label">
        <button type="button" />
      </DeferredTooltip>,
    );
    expect(screen.getByRole('button', { name: 'Switch to the light theme' })).toBeTruthy();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows its text on the first hover, once its code has loaded', async () => {
    render(
      <DeferredTooltip content="Live updates are flowing." relationship="description">
        <span>Live</span>
      </DeferredTooltip>,
    );
    // React raises onPointerEnter from the pointerover event.
    await act(async () => fireEvent.pointerOver(screen.getByText('Live')));
    expect((await screen.findByRole('tooltip', {}, { timeout: LOAD_TIMEOUT_MS })).textContent).toBe(
      'Live updates are flowing.',
    );
  });

  it('shows its text on the first keyboard focus, keeping the focused control and its clicks', async () => {
    let clicks = 0;
    render(
      <DeferredTooltip content="Switch to the dark theme" relationship="label">
        <button type="button" onClick={() => (clicks += 1)} />
      </DeferredTooltip>,
    );
    const button = screen.getByRole('button');
    act(() => button.focus());
    expect((await screen.findByRole('tooltip', {}, { timeout: LOAD_TIMEOUT_MS })).textContent).toBe(
      'Switch to the dark theme',
    );
    expect(screen.getByRole('button', { name: 'Switch to the dark theme' })).toBe(button);
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(clicks).toBe(1);
  });
});
