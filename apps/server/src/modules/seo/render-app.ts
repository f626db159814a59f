import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { PageHeadTags } from '@nhasach/shared';

/** A page as the web app's routes answer it (apps/web/src/entry-server.tsx, `RenderedPage`). */
export interface RenderedPage {
  status: number;
  location?: string;
  head?: PageHeadTags;
  html?: string;
  data?: Record<string, unknown>;
  sources: string[];
}

/** The web app's server render module (apps/web/src/entry-server.tsx). */
export interface AppRendererModule {
  renderPage(url: string): Promise<RenderedPage>;
  setApiTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
}

/** Where the render module comes from: the build beside the web app, or (tests) a module given directly. */
export type RendererSource = () => Promise<AppRendererModule>;

/**
 * Loads the server render built beside the web app (`dist-server/entry-server.js` next to `dist`), or undefined
 * without it (a build of the browser app alone): pages then go out as the bare shell and the browser renders them.
 */
export function builtRenderer(webDist: string): RendererSource | undefined {
  const file = path.resolve(webDist, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  return async () => (await import(pathToFileURL(file).href)) as AppRendererModule;
}

/**
 * The render's API requests go to this server in-process (`inject`): the loaders ask the real API, through its
 * validation and its answers, without a network hop. Requests carry no session: pages render as a guest sees them.
 */
export async function loadAppRenderer(app: FastifyInstance, source: RendererSource): Promise<AppRendererModule> {
  const mod = await source();
  mod.setApiTransport(async (url, init) => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as HTTPMethods,
      url,
      headers: { accept: 'application/json' },
      ...(typeof init.body === 'string' ? { payload: init.body, headers: { accept: 'application/json', 'content-type': 'application/json' } } : {}),
    });
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.body, { status: res.statusCode });
  });
  return mod;
}
