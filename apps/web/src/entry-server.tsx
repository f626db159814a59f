/**
 * The server's render of a storefront page (built by `vite build --ssr` into dist-server, loaded by
 * apps/server/src/modules/seo): the same routes and components as the browser, with the query cache seeded from
 * the same data the page carries in #page-data, as a guest sees it. The browser hydrates this HTML (main.tsx).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { preloadAllComponents } from './lib/lazyComponent.ts';
import { seedQueries, type PageData } from './lib/pageData.ts';

const handler = createStaticHandler(routes);
// Every lazy page and panel loaded once: a render is then one synchronous pass, with no Suspense fallback (and
// none of the inline scripts that would complete one, which the CSP refuses).
const ready = preloadAllComponents();

/** The HTML of the app's root element for `url` (absolute), or null when the router answers otherwise (a redirect). */
export async function renderPage(url: string, data: PageData): Promise<string | null> {
  await ready;
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = createQueryClient();
  seedQueries(client, data);
  const html = renderToString(
    <StrictMode>
      <Providers client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  client.clear();
  return html;
}
