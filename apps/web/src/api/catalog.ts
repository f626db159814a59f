import {
  HOME_NEW_PAGE_SIZE,
  HOME_QUERY,
  type BookCardDto,
  type BookDto,
  type CatalogParams,
  type FavoriteBookDto,
  type FavoriteToggleDto,
  type HomeDataDto,
  type NamedRef,
  type PageResult,
  type SearchPageResult,
  type TopSellingRowDto,
  type SearchParams,
  type SuggestionsDto,
} from '@nhasach/shared';
import { api, ApiError } from './client.ts';

/** A node of the category tree (spec section 3, Category). */
export interface CategoryTreeNode {
  id: number;
  name: string;
  slug: string;
  parentId: number | null;
  leaf: boolean;
  children: CategoryTreeNode[];
}

/**
 * GET /api/v1/categories/tree. Any answer under 500 is accepted; a body that is not an array gives an empty list
 * (spec section 7, Catalogue). A failure to load (no answer, 5xx) is thrown, so the menu says
 * 'Không tải được danh mục' and offers a retry instead of claiming the store has no categories.
 */
export async function fetchCategoryTree(): Promise<CategoryTreeNode[]> {
  try {
    const data = await api.get<unknown>('/api/v1/categories/tree');
    return Array.isArray(data) ? (data as CategoryTreeNode[]) : [];
  } catch (err) {
    if (err instanceof ApiError && err.status > 0 && err.status < 500) return [];
    throw err;
  }
}

export const catalogKeys = {
  categoryTree: ['categories', 'tree'] as const,
};

// ---------------------------------------------------------------------------------------------------------
// Books (spec section 7, Catalogue). Query values that are blank or undefined are dropped by the client.

export const fetchCatalog = (params: CatalogParams, signal?: AbortSignal) =>
  api.get<PageResult<BookCardDto>>('/api/v1/books/catalog', { ...params }, { signal });

export const searchBooks = (params: SearchParams, signal?: AbortSignal) =>
  api.get<SearchPageResult<BookCardDto>>('/api/v1/books/search', { ...params }, { signal });

/** GET /books/home with the spec's parameters (status ACTIVE, perCategory 8). */
export const fetchHome = (signal?: AbortSignal) => api.get<HomeDataDto>('/api/v1/books/home', { ...HOME_QUERY }, { signal });

/** The newest books, page N (the home page's pager: createdAt desc, ACTIVE only). */
export const fetchNewest = (page: number, signal?: AbortSignal) =>
  fetchCatalog({ status: 'ACTIVE', sort: 'createdAt', direction: 'DESC', page, size: HOME_NEW_PAGE_SIZE }, signal);

export const fetchBookBySlug = (slug: string, signal?: AbortSignal) =>
  api.get<BookDto>(`/api/v1/books/slug/${encodeURIComponent(slug)}`, undefined, { signal });

export const fetchBookById = (id: number, signal?: AbortSignal) => api.get<BookDto>(`/api/v1/books/${id}`, undefined, { signal });

/** GET /books/{id}/related: same author first, then same categories, best sellers first. */
export const fetchRelatedBooks = (id: number, limit: number, signal?: AbortSignal) =>
  api.get<BookCardDto[]>(`/api/v1/books/${id}/related`, { limit }, { signal });

/** GET /books/top-selling: the best sellers of each top-level category (`limit` per category), grouped by `category` (no page shows them yet). */
export const fetchTopSelling = (limit: number, signal?: AbortSignal) => api.get<TopSellingRowDto[]>('/api/v1/books/top-selling', { limit }, { signal });

/**
 * Publishers or suppliers for the listing filters. The shop reads the public list when the server offers one;
 * without it (404, 401) the filter is simply not shown.
 */
export async function fetchRefList(kind: 'publishers' | 'suppliers'): Promise<NamedRef[]> {
  try {
    const data = await api.get<unknown>(`/api/v1/${kind}`);
    const list = Array.isArray(data) ? data : data && typeof data === 'object' && Array.isArray((data as { content?: unknown }).content) ? (data as { content: unknown[] }).content : [];
    return list.filter((x): x is NamedRef => !!x && typeof x === 'object' && typeof (x as NamedRef).slug === 'string' && typeof (x as NamedRef).name === 'string');
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------------------
// Favourites (spec section 7, Catalogue)

export const fetchMyFavourites = (page: number, size: number, signal?: AbortSignal) =>
  api.get<PageResult<FavoriteBookDto>>('/api/v1/books/favorites/me', { page, size, sort: 'id,desc' }, { signal });

export const toggleFavouriteRequest = (bookId: number) => api.post<FavoriteToggleDto>(`/api/v1/books/favorites/${bookId}/toggle`);

export const bookKeys = {
  all: ['books'] as const,
  home: ['books', 'home'] as const,
  newest: (page: number) => ['books', 'newest', page] as const,
  catalog: (params: CatalogParams) => ['books', 'catalog', params] as const,
  search: (params: SearchParams) => ['books', 'search', params] as const,
  details: ['books', 'detail'] as const,
  related: (id: number, limit: number) => ['books', 'related', id, limit] as const,
  /** The detail carries likedByMe, so it is cached per viewer. */
  detail: (slug: string, userKey: string) => ['books', 'detail', slug, userKey] as const,
  refs: (kind: 'publishers' | 'suppliers') => ['refs', kind] as const,
  favourites: (page: number) => ['favourites', 'me', page] as const,
};

/** GET /books/suggest: what the header box offers while the shopper types. */
export const fetchSuggestions = (q: string, signal?: AbortSignal) => api.get<SuggestionsDto>('/api/v1/books/suggest', { q }, { signal });
export const suggestKeys = { term: (norm: string) => ['books', 'suggest', norm] as const };
