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

export { storedViewerKey } from '../../features/auth/session.ts';
