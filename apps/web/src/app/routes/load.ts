import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../api/client.ts';
import type { RouteData } from '../../lib/head.ts';

/** A route's loader, given the app's query client (the browser's one, or the server's for one request). */
export type RouteLoader = (client: QueryClient, args: LoaderFunctionArgs) => Promise<RouteData>;

/** What was not found, for the not-found page's words (RouteError). */
export type Missing = 'page' | 'book' | 'category';

/** The page does not exist: the router shows the not-found page, and the server answers 404. */
export function notFound(what: Missing = 'page'): never {
  throw new Response(what, { status: 404 });
}

/** An API answer of 404 is the page's 404; other failures go on as they are. */
export async function orNotFound<T>(answer: Promise<T>, what: Missing = 'page'): Promise<T> {
  try {
    return await answer;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) notFound(what);
    throw err;
  }
}

/** The origin of the page's URL: PUBLIC_URL on the server (it builds the request from it), the page's own in the browser. */
export const originOf = (request: Request) => new URL(request.url).origin;

import { storedViewerKey } from '../../features/auth/session.ts';

export { storedViewerKey };

/**
 * The loader of a shopper's own page (OWN_PAGE_ROUTES in packages/shared): on the server, with the request's session, the page is
 * rendered only when every read answered (any refusal or failure: the shell, and the browser draws the page); in the
 * browser the reads are only started, so a navigation does not wait for them. A guest: nothing.
 */
export async function ownPageLoad(reads: (viewer: string) => Promise<unknown>[], head: () => RouteData['head']): Promise<RouteData> {
  const viewer = storedViewerKey();
  if (viewer === 'guest') return {};
  const started = reads(viewer);
  if (typeof window !== 'undefined') {
    // A failure shows on the page, which reads again.
    for (const read of started) read.catch(() => {});
    return {};
  }
  try {
    await Promise.all(started);
  } catch {
    return {};
  }
  return { head: head() };
}
