import { AsyncLocalStorage } from 'node:async_hooks';
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
  setRenderSession(source: () => RenderSession | undefined): void;
  usesSession(url: string): boolean;
}

/** The session a page is rendered with: the access token of the request's page cookie. */
export interface RenderSession {
  accessToken: string;
}

/** The render as the server calls it: a shopper's own page with the request's session, every other as a guest. */
export interface AppRenderer {
  renderPage(url: string, session?: RenderSession): Promise<RenderedPage & { withSession: boolean }>;
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
 * validation, its guards and its answers, without a network hop. Pages render as a guest sees them; a shopper's own
 * page (the routes say which) with the session of the request, whose token its API requests then carry (and the API
 * checks as any other: a stale or revoked one is refused, and the page goes out as the shell).
 */
export async function loadAppRenderer(app: FastifyInstance, source: RendererSource): Promise<AppRenderer> {
  const mod = await source();
  // Renders run side by side: each one's session follows its own asynchronous work.
  const sessions = new AsyncLocalStorage<RenderSession | undefined>();
  mod.setRenderSession(() => sessions.getStore());
  mod.setApiTransport(async (url, init) => {
    const authorization = new Headers(init.headers).get('authorization');
    const headers = { accept: 'application/json', ...(authorization ? { authorization } : {}) };
    const res = await app.inject({
      method: (init.method ?? 'GET') as HTTPMethods,
      url,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body, headers: { ...headers, 'content-type': 'application/json' } } : {}),
    });
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.body, { status: res.statusCode });
  });
  return {
    async renderPage(url, session) {
      const withSession = !!session && mod.usesSession(url);
      const page = await sessions.run(withSession ? session : undefined, () => mod.renderPage(url));
      return { ...page, withSession };
    },
  };
}
