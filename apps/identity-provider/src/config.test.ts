import { describe, expect, it } from 'vitest';
import { DEFAULT_CONSOLE_REDIRECT_URIS, IdpConfigError, issuerFor, loadIdpConfig } from './config';

describe('the identity provider configuration', () => {
  it('defaults to port 8180, five-minute access tokens and the demo console on port 8080', () => {
    expect(loadIdpConfig({})).toMatchObject({
      port: 8180,
      publicUrl: undefined,
      accessTokenTtlSeconds: 300,
      consoleRedirectUris: DEFAULT_CONSOLE_REDIRECT_URIS,
      consoleOrigins: ['http://localhost:8080', 'http://127.0.0.1:8080'],
    });
  });

  it('reads the public URL, the console redirect URIs and their origins from the environment', () => {
    const config = loadIdpConfig({
      IDP_PORT: '18180',
      IDP_PUBLIC_URL: 'http://127.0.0.1:18180/',
      IDP_CONSOLE_REDIRECT_URIS: 'http://127.0.0.1:18090/lighting/*,http://127.0.0.1:18090/lighting/',
      IDP_ACCESS_TOKEN_TTL_S: '20',
    });
    expect(config).toMatchObject({ port: 18180, publicUrl: 'http://127.0.0.1:18180', accessTokenTtlSeconds: 20 });
    expect(config.consoleOrigins).toEqual(['http://127.0.0.1:18090']);
    expect(issuerFor(config.publicUrl!)).toBe('http://127.0.0.1:18180/realms/farola');
  });

  it('refuses bad values, naming the variable', () => {
    expect(() => loadIdpConfig({ IDP_PORT: 'eighty' })).toThrow(IdpConfigError);
    expect(() => loadIdpConfig({ IDP_PUBLIC_URL: 'http://localhost:8180/auth' })).toThrow(/IDP_PUBLIC_URL/);
    expect(() => loadIdpConfig({ IDP_CONSOLE_REDIRECT_URIS: 'not a url' })).toThrow(/IDP_CONSOLE_REDIRECT_URIS/);
    expect(() => loadIdpConfig({ IDP_ACCESS_TOKEN_TTL_S: '1' })).toThrow(/IDP_ACCESS_TOKEN_TTL_S/);
  });
});
