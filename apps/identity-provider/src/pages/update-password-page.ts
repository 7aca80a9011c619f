import { html, page } from './layout';

export interface UpdatePasswordPageOptions {
  action: string;
  username: string;
  error?: string;
}

/**
 * Keycloak's "Update password" required action, with its element ids (`kc-passwd-update-form`,
 * `password-new`, `password-confirm`); Cancel keeps the old password and returns to the console.
 */
export function updatePasswordPage({ action, username, error }: UpdatePasswordPageOptions): string {
  const invalid = error ? 'true' : 'false';
  const described = error ? html` aria-describedby="input-error-password"` : html``;
  return page(
    'Update password',
    html`${error ? html`<p id="input-error-password" class="error" role="alert">${error}</p>` : html``}
      <p class="hint">Choose a new password for <strong>${username}</strong>.</p>
      <form id="kc-passwd-update-form" method="post" action="${action}" novalidate>
        <label for="password-new">New password</label>
        <input
          id="password-new"
          name="password-new"
          type="password"
          autocomplete="new-password"
          required
          autofocus
          aria-invalid="${invalid}"
          ${described}
        />
        <label for="password-confirm">Confirm password</label>
        <input
          id="password-confirm"
          name="password-confirm"
          type="password"
          autocomplete="new-password"
          required
          aria-invalid="${invalid}"
          ${described}
        />
        <div class="actions">
          <button id="kc-submit" type="submit" name="action" value="update">Submit</button>
          <button id="kc-cancel" class="secondary" type="submit" name="action" value="cancel" formnovalidate>
            Cancel
          </button>
        </div>
      </form>`,
  );
}
