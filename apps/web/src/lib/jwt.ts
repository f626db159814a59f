/** Reads the payload of a JWT without verifying it (the server verifies; the browser only needs the claims). */
export function decodeJwtPayload(token: string | null | undefined): Record<string, unknown> | undefined {
  if (!token) return undefined;
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** True when the token carries an `exp` claim that has passed (with a little clock skew). */
export function isJwtExpired(token: string, skewSeconds = 10): boolean {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && exp * 1000 <= Date.now() + skewSeconds * 1000;
}
