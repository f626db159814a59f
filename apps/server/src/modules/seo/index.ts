import type { FastifyInstance } from 'fastify';
import { seoPages, sitemapRoutes } from './plugin.ts';

export { sitemapRoutes, seoPages } from './plugin.ts';

export interface SeoOptions {
  /** The built web app when this server serves it: its public pages then get their server-written head. */
  webDist?: string;
}

/** Search engines and link previews: robots.txt, the sitemaps and, with the web app, the pages' heads. */
export async function seoPlugin(app: FastifyInstance, opts: SeoOptions): Promise<void> {
  await app.register(sitemapRoutes);
  if (opts.webDist) await app.register(seoPages, { webDist: opts.webDist });
}
