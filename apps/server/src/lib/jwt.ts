import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokenClaims } from '@nhasach/shared';

const ISSUER = 'nhasach';

export interface TokenSigner {
  sign(claims: AccessTokenClaims): Promise<string>;
  /** Returns the claims, or undefined for an expired, forged or malformed token. */
  verify(token: string): Promise<AccessTokenClaims | undefined>;
}

export function createTokenSigner(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims) {
      return new SignJWT({ userId: claims.userId, username: claims.username, email: claims.email, roles: claims.roles })
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
        };
      } catch {
        return undefined;
      }
    },
  };
}
