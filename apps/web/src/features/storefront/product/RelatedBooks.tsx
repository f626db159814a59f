import { useQuery } from '@tanstack/react-query';
import type { CategoryRef } from '@nhasach/shared';
import { bookKeys, fetchCatalog, type CatalogParams } from '../../../api/catalog.ts';
import { BookRow, BookRowSkeleton } from '../home/BookRow.tsx';
import { SectionHeader } from '../home/SectionHeader.tsx';
import { BookOpenIcon } from '../../../components/icons.tsx';

/** Best sellers of the book's first category, without the book itself; hidden when there are none. */
export function RelatedBooks({ bookId, category }: { bookId: number; category: CategoryRef }) {
  const params: CatalogParams = { category: category.slug, sort: 'BEST', page: 0, size: 13 };
  const related = useQuery({ queryKey: bookKeys.catalog(params), queryFn: ({ signal }) => fetchCatalog(params, signal), staleTime: 60_000 });
  const books = (related.data?.content ?? []).filter((b) => b.id !== bookId).slice(0, 12);
  if (related.isError || (related.data && books.length === 0)) return null;
  return (
    <section aria-labelledby="related-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200/70 sm:p-5">
      <SectionHeader id="related-title" title={`Cùng danh mục ${category.name}`} icon={<BookOpenIcon size={18} />} moreHref={`/danh-muc/${category.slug}`} />
      {related.isPending ? <BookRowSkeleton /> : <BookRow books={books} label="Sách cùng danh mục" />}
    </section>
  );
}
