/**
 * What went wrong, for a start-up alert that already names the failure ('Authentication error:
 * {{error}}'): an Error's message without its 'Error: ' name, or keycloak-js's OAuth error
 * (`{ error, error_description }`), or the value as text.
 *
 * @example
 * startUpErrorText(new Error('Timeout when waiting for 3rd party check iframe message.'));
 * // 'Timeout when waiting for 3rd party check iframe message.'
 */
export function startUpErrorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'object' && error !== null) {
    const { error: code, error_description: description } = error as Record<string, unknown>;
    if (typeof description === 'string' && description !== '') return description;
    if (typeof code === 'string' && code !== '') return code;
  }
  return typeof error === 'string' ? error : String(error);
}
