/**
 * The server's render of the storefront (built by `vite build --ssr` into dist-server, loaded by
 * apps/server/src/modules/seo): the browser's route table run by React Router's static handler. The matched
 * routes' loaders fill a query cache of this request (the API answers come from the server in-process, see
 * setApiTransport) and answer the page's head; a loader's 404 is the page's status. The cache and the loaders'
 * answers go into the page for the browser, which hydrates the HTML (main.tsx, App.tsx).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { dehydrate } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, matchPath, StaticRouterProvider } from 'react-router';
import { OWN_PAGE_ROUTES, STORAGE_KEYS, type PageHeadTags } from '@nhasach/shared';
import { ApiError } from './api/client.ts';
import { createQueryClient, Providers } from './app/providers.tsx';
import { createRoutes, type RouteHandle } from './app/router.tsx';
import { notFoundHead, unavailableHead, type RouteData } from './lib/head.ts';
import { preloadAllComponents } from './lib/lazyComponent.ts';
import type { PageData } from './lib/pageData.ts';
import { setServerSession } from './lib/storage.ts';
import { storedViewerKey, userFromToken } from './features/auth/session.ts';

export { setApiTransport } from './api/client.ts';

/**
 * Where a render reads the session of the request it renders (the server keeps it per request): its access token,
 * read by the app as the stored session (lib/storage.ts), so the API calls of the loaders carry it and the page
 * renders as that shopper.
 */
export function setRenderSession(source: () => { accessToken: string } | undefined): void {
  setServerSession(() => {
    const session = source();
    const user = session && userFromToken(session.accessToken);
    return session && user ? { [STORAGE_KEYS.accessToken]: session.accessToken, [STORAGE_KEYS.user]: JSON.stringify(user) } : undefined;
  });
}

/** Whether the page at `url` is a shopper's own (OWN_PAGE_ROUTES): the only pages rendered with a session. */
export function usesSession(url: string): boolean {
  const { pathname } = new URL(url);
  return OWN_PAGE_ROUTES.some((route) => matchPath(route, pathname) !== null);
}

// Every lazy page and panel loaded once: a render is then one synchronous pass, with no Suspense fallback (and
// none of the inline scripts that would complete one, which the CSP refuses).
const ready = preloadAllComponents();

export interface RenderedPage {
  status: number;
  /** Where the router sends the visitor instead (a redirect answer). */
  location?: string;
  /** The page's head; none for a page that is not rendered on the server (the shopper's own pages, sign-in forms). */
  head?: PageHeadTags;
  /** The HTML of the app's root element (rendered pages only). */
  html?: string;
  /** #page-data: the query cache and the loaders' answers. */
  data?: PageData;
  /** Sources of the page's own code (Vite manifest keys), for modulepreload. */
  sources: string[];
}

function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ApiError && error.status >= 500) return error.status;
  return 500;
}

/** The page at `url` (absolute, on PUBLIC_URL) as a guest sees it. */
export async function renderPage(url: string): Promise<RenderedPage> {
  await ready;
  const client = createQueryClient();
  // One pass per request: an answer that failed is the page's error, not asked again.
  client.setDefaultOptions({ queries: { retry: false } });
  try {
    const handler = createStaticHandler(createRoutes(client));
    const context = await handler.query(new Request(url));
    if (context instanceof Response) return { status: context.status, location: context.headers.get('location') ?? undefined, sources: [] };
    const error = context.errors ? Object.values(context.errors)[0] : undefined;
    if (error !== undefined) {
      const status = statusOf(error);
      return { status, head: status === 404 ? notFoundHead() : unavailableHead(), sources: [] };
    }
    const leaf = context.matches[context.matches.length - 1];
    const head = leaf ? (context.loaderData[leaf.route.id] as RouteData | undefined)?.head : undefined;
    if (!head) return { status: context.statusCode, sources: [] };
    const sources = context.matches
      .map((m) => (m.route.handle as RouteHandle | undefined)?.page)
      .filter((page): page is string => !!page)
      .map((page) => `src/features/${page}.tsx`);
    const router = createStaticRouter(handler.dataRoutes, context);
    let html: string | undefined;
    try {
      html = renderToString(
        <StrictMode>
          <Providers client={client}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Providers>
        </StrictMode>,
      );
    } catch (err) {
      // The head and the data still go out; the browser renders the page.
      console.error('server render of the page failed', err);
    }
    const viewer = storedViewerKey();
    const data: PageData = { queries: dehydrate(client), loaderData: context.loaderData, ...(viewer === 'guest' ? {} : { viewer }) };
    return { status: context.statusCode, head, html, data, sources };
  } finally {
    client.clear();
  }
}
