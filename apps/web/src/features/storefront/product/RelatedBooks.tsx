import { useQuery } from '@tanstack/react-query';
import { BookOpenIcon } from 'lucide-react';
import { bookKeys, fetchRelatedBooks } from '../../../api/catalog.ts';
import { BookRow, BookRowSkeleton } from '../home/BookRow.tsx';
import { SectionHeader } from '../home/SectionHeader.tsx';

const RELATED_LIMIT = 12;

/**
 * 'Sách liên quan': books of the same author first, then of the same categories, best sellers first (the server
 * decides and leaves out this book and hidden ones). Hidden when there are none or they cannot be loaded.
 */
export function RelatedBooks({ bookId }: { bookId: number }) {
  const related = useQuery({
    queryKey: bookKeys.related(bookId, RELATED_LIMIT),
    queryFn: ({ signal }) => fetchRelatedBooks(bookId, RELATED_LIMIT, signal),
    staleTime: 60_000,
  });
  const books = related.data ?? [];
  if (related.isError || (related.data && books.length === 0)) return null;
  return (
    <section aria-labelledby="related-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200/70 sm:p-5" data-testid="related-books">
      <SectionHeader id="related-title" title="Sách liên quan" icon={<BookOpenIcon size={18} />} />
      {related.isPending ? <BookRowSkeleton /> : <BookRow books={books} label="Sách liên quan" />}
    </section>
  );
}
