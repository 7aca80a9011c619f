import type Provider from 'oidc-provider';

interface RefreshTokenModel {
  clientId?: string;
  accountId?: string;
  sid?: string;
  iat?: number;
  readonly expiration: number;
  generateTokenId(this: RefreshTokenModel): string;
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * keycloak-js decodes the refresh token as a JWT (`refreshTokenParsed`) and fails sign-in when it
 * cannot, while oidc-provider's refresh tokens are opaque handles. This dresses each handle as an
 * unsigned JWT: a header, Keycloak's readable claims (`typ: Refresh`, `exp`, `sid`, …), and the
 * provider's random handle in place of a signature. The provider never reads those claims: it
 * looks the whole value up in its store, as it does any opaque token, so nothing in them is trusted.
 */
export function shapeRefreshTokensAsJwts(provider: Provider): void {
  const prototype = provider.RefreshToken.prototype as unknown as RefreshTokenModel;
  const generateHandle = prototype.generateTokenId;
  prototype.generateTokenId = function jwtShapedTokenId(this: RefreshTokenModel) {
    const handle = generateHandle.call(this);
    const iat = this.iat ?? Math.floor(Date.now() / 1000);
    const claims = {
      typ: 'Refresh',
      iss: provider.issuer,
      azp: this.clientId,
      sub: this.accountId,
      sid: this.sid,
      iat,
      exp: iat + this.expiration,
    };
    return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.${handle}`;
  };
}
