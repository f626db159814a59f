import type { SuggestionsDto } from '@nhasach/shared';

/** One choice of the dropdown, in display order (books, then authors, then categories). */
export interface SuggestionOption {
  id: string;
  kind: 'book' | 'author' | 'category';
  label: string;
  href: string;
}

/** The options of an answer, flattened in the order the arrows walk them. */
export function suggestionOptions(data: SuggestionsDto | undefined, baseId: string): SuggestionOption[] {
  if (!data) return [];
  return [
    ...data.books.map((b) => ({ id: `${baseId}-book-${b.id}`, kind: 'book' as const, label: b.title, href: `/books/${b.slug}` })),
    ...data.authors.map((a) => ({
      id: `${baseId}-author-${a.id}`,
      kind: 'author' as const,
      label: a.name,
      href: `/search?${new URLSearchParams({ q: a.name, page: '0', size: '20', sort: 'relevance', direction: 'DESC' }).toString()}`,
    })),
    ...data.categories.map((c) => ({ id: `${baseId}-category-${c.id}`, kind: 'category' as const, label: c.name, href: `/danh-muc/${c.slug}` })),
  ];
}
