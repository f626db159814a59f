import type { QueryClient } from '@tanstack/react-query';
import type { BookCardDto, BookDto, HomeDataDto, CatalogParams, CategoryNode, PageResult, SearchPageResult, SearchParams } from '@nhasach/shared';
import { bookKeys, catalogKeys } from '../api/catalog.ts';

/**
 * What the server wrote into the page (#page-data, a JSON data block, see apps/server/src/modules/seo): the
 * answers the page's first render asks for, as a visitor who is not signed in would get them.
 */
export interface PageData {
  categoryTree?: CategoryNode[];
  home?: HomeDataDto;
  book?: { slug: string; book: BookDto };
  catalog?: { params: CatalogParams; result: PageResult<BookCardDto> };
  search?: { params: SearchParams; result: SearchPageResult<BookCardDto> };
}

function readPageData(): PageData {
  const el = typeof document === 'undefined' ? null : document.getElementById('page-data');
  if (!el?.textContent) return {};
  try {
    const value: unknown = JSON.parse(el.textContent);
    return value && typeof value === 'object' ? (value as PageData) : {};
  } catch {
    return {};
  }
}

/**
 * Puts the server's data in the query cache before the first render: those parts paint at once, with no loading
 * state and no second round trip. The keys are the pages' own (a signed-in reader's product page has its own key
 * and asks the API as before); the page's parameters come from the same shared functions on both sides.
 */
export function seedFromPageData(client: QueryClient): void {
  seedQueries(client, readPageData());
}

/** The same answers put in a query client: the browser's from #page-data, the server's render from its own. */
export function seedQueries(client: QueryClient, data: PageData): void {
  if (Array.isArray(data.categoryTree)) client.setQueryData(catalogKeys.categoryTree, data.categoryTree);
  if (data.home) client.setQueryData(bookKeys.home, data.home);
  if (data.book) client.setQueryData(bookKeys.detail(data.book.slug, 'guest'), data.book.book);
  if (data.catalog) client.setQueryData(bookKeys.catalog(data.catalog.params), data.catalog.result);
  if (data.search) client.setQueryData(bookKeys.search(data.search.params), data.search.result);
}
