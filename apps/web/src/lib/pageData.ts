import type { DehydratedState } from '@tanstack/react-query';

/**
 * What the server wrote into a page it rendered (#page-data, a JSON data block, see apps/web/src/entry-server.tsx):
 * the query cache its render filled (the answers of the page's loaders, as a visitor who is not signed in gets
 * them) and the loaders' own answers, so the browser's router starts on the same page without loading again.
 */
export interface PageData {
  queries?: DehydratedState;
  loaderData?: Record<string, unknown>;
  /** The user whose session the page was rendered with (a shopper's own page); none: as a guest sees it. */
  viewer?: string;
}

let renderedViewer: string | undefined;
/** Whose session the server rendered this page with (PageData.viewer), kept as the app starts (App.tsx). */
export const pageViewer = {
  get: (): string => renderedViewer ?? 'guest',
  set: (viewer: string | undefined): void => {
    renderedViewer = viewer;
  },
};

export function readPageData(): PageData {
  const el = typeof document === 'undefined' ? null : document.getElementById('page-data');
  if (!el?.textContent) return {};
  try {
    const value: unknown = JSON.parse(el.textContent);
    return value && typeof value === 'object' ? (value as PageData) : {};
  } catch {
    return {};
  }
}
