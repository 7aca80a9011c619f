import { html, page } from './layout';

export interface LoginPageOptions {
  action: string;
  username?: string;
  error?: string;
}

/**
 * The sign-in form with Keycloak's element ids (`kc-form-login`, `username`, `password`,
 * `kc-login`, `input-error`), so scripts and tests written against Keycloak work unchanged.
 */
export function loginPage({ action, username = '', error }: LoginPageOptions): string {
  const invalid = error ? 'true' : 'false';
  const described = error ? html` aria-describedby="input-error"` : html``;
  return page(
    'Sign in to your account',
    html`${error ? html`<p id="input-error" class="error" role="alert">${error}</p>` : html``}
      <form id="kc-form-login" method="post" action="${action}" novalidate>
        <label for="username">Username or email</label>
        <input
          id="username"
          name="username"
          type="text"
          value="${username}"
          autocomplete="username"
          autocapitalize="none"
          spellcheck="false"
          required
          aria-invalid="${invalid}"
          ${described}${username ? html`` : html` autofocus`}
        />
        <label for="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="current-password"
          required
          aria-invalid="${invalid}"
          ${described}${username ? html` autofocus` : html``}
        />
        <div class="actions"><button id="kc-login" name="login" type="submit">Sign in</button></div>
      </form>`,
  );
}
