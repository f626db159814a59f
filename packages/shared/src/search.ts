import { z } from 'zod';
import { SEARCH_TERM_MAX } from './constants.ts';

/** GET /books/suggest?q=: the typed text, trimmed and cut like a search term. */
export const suggestQuerySchema = z.object({
  q: z.preprocess(
    (v) => (Array.isArray(v) ? v[0] : v),
    z
      .string()
      .optional()
      .transform((s) => (s ?? '').trim().slice(0, SEARCH_TERM_MAX)),
  ),
});
export type SuggestQuery = z.output<typeof suggestQuerySchema>;

export interface SuggestBookDto {
  id: number;
  title: string;
  slug: string;
  thumbnail: string | null;
  /** The price the shopper pays now (sale price while a sale runs). */
  effectivePrice: number;
  /** The list price, to show struck through when it differs. */
  price: number;
}
export interface SuggestRefDto {
  id: number;
  name: string;
  slug: string;
}
/** Up to 6 books, 3 authors and 3 categories whose names start (at a word) with the typed text. */
export interface SuggestionsDto {
  books: SuggestBookDto[];
  authors: SuggestRefDto[];
  categories: SuggestRefDto[];
}

/** The search page's extras: a corrected term when some word of the search is not a known word. */
export interface SearchPageResult<T> {
  content: T[];
  totalPages: number;
  totalElements: number;
  number: number;
  size: number;
  /** 'Có phải bạn muốn tìm …': the term with each unknown word replaced by the closest known one. */
  didYouMean?: string;
}
