import type { FastifyInstance } from 'fastify';

/**
 * This server's own origin as it listens (http://127.0.0.1:3000), or PUBLIC_URL before it listens: where a built-in
 * sandbox served by this very process is reached over HTTP, as the real gateway or bank would be. The listening
 * address, not PUBLIC_URL, since the public address may be a proxy the server cannot reach from inside.
 */
export function ownOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') return app.config.PUBLIC_URL;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
