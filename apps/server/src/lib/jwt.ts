import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokenClaims } from '@nhasach/shared';

const ISSUER = 'nhasach';

/**
 * The claims of a token this server signed. `sid` is the login (the refresh-token family) the token was issued for:
 * once that login is revoked (logout, reuse, password change) its access tokens are refused too (lib/guards.ts).
 * Tokens signed without it (tests, tools) are not tied to a login.
 */
export interface SignedClaims extends AccessTokenClaims {
  sid?: string;
}

export interface TokenSigner {
  sign(claims: SignedClaims): Promise<string>;
  /** Returns the claims, or undefined for an expired, forged or malformed token. */
  verify(token: string): Promise<SignedClaims | undefined>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createTokenSigner(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims) {
      return new SignJWT({
        userId: claims.userId,
        username: claims.username,
        email: claims.email,
        roles: claims.roles,
        ...(claims.sid ? { sid: claims.sid } : {}),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      try {
        // exp and iat are required: jose only checks exp when present, and a token without it would never expire.
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'] });
        if (typeof payload.sub !== 'string' || typeof payload.userId !== 'number' || !Array.isArray(payload.roles)) {
          return undefined;
        }
        return {
          sub: payload.sub,
          userId: payload.userId,
          username: String(payload.username ?? ''),
          email: String(payload.email ?? ''),
          roles: payload.roles.map(String),
          ...(typeof payload.sid === 'string' && UUID.test(payload.sid) ? { sid: payload.sid } : {}),
        };
      } catch {
        return undefined;
      }
    },
  };
}
