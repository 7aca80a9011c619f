import { html, page } from './layout';

/**
 * oidc-provider asks the user to confirm an RP-initiated logout; like Keycloak given the client's
 * `id_token_hint`, this provider does not. The page submits the provider's own form (its xsrf
 * token included) at once, ending the whole session (`logout=yes`); without JavaScript the user
 * presses the button.
 */
export function logoutPage(providerForm: string): string {
  const form = providerForm.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return page(
    'Signing out',
    html`${{ html: form }}
      <p>Signing you out…</p>
      <div class="actions"><button id="kc-logout" type="submit" form="op.logoutForm">Sign out</button></div>
      <script>
        document.getElementById('op.logoutForm').submit();
      </script>`,
  );
}
