import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_SORTS, formatNumberVN, searchPageParams, type CatalogParams, type SearchSort } from '@nhasach/shared';
import { SearchIcon, SearchXIcon } from 'lucide-react';
import { BookGrid, BookGridSkeleton, GRID_COLS } from '../../components/BookGrid.tsx';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { buttonClass } from '../../components/ui/Button.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { EmptyState, ErrorState } from '../../components/ui/EmptyState.tsx';
import { catalogQueryOptions } from './api/get-catalog.ts';
import { searchQueryOptions } from './api/get-search.ts';

function searchHref(q: string, sort: SearchSort, page: number, size: number): string {
  const p = new URLSearchParams({ q, page: String(page), size: String(size), sort: sort.sort, direction: sort.direction });
  return `/search?${p.toString()}`;
}

/** Best sellers shown when a search finds nothing, so the page is never empty. */
const BEST_SELLERS: CatalogParams = { sort: 'BEST', page: 0, size: 10 };

/** 'Có phải bạn muốn tìm …': the corrected term as a link that searches it with the page's sort. */
function DidYouMean({ term, sort, size }: { term: string; sort: SearchSort; size: number }) {
  return (
    <p className="text-[15px] text-gray-700">
      Có phải bạn muốn tìm{' '}
      <Link to={searchHref(term, sort, 0, size)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        {term}
      </Link>
      ?
    </p>
  );
}

/** /search?q=... (spec section 2): runs only for a non-empty term (trimmed, at most 128 characters). */
export function SearchPage() {
  const [params] = useSearchParams();
  const { params: apiParams, sort } = useMemo(() => searchPageParams(params), [params]);
  const { q, size } = apiParams;

  const results = useQuery({ ...searchQueryOptions(apiParams), placeholderData: keepPreviousData });
  const data = results.data;
  const nothing = !!data && data.content.length === 0;
  const bestSellers = useQuery({ ...catalogQueryOptions(BEST_SELLERS), enabled: nothing, staleTime: 60_000 });

  return (
    <div className="page-container py-4 sm:py-6">
      <Breadcrumb items={[{ label: 'Tìm kiếm' }]} />
      <header className="mt-4 rounded-2xl bg-white px-4 py-4 shadow-sm ring-1 ring-gray-200/70 sm:px-5">
        <h1 className="text-xl font-bold text-gray-900 sm:text-2xl">
          {q ? (
            <>
              Kết quả tìm kiếm cho <span className="text-brand-700">“{q}”</span>
            </>
          ) : (
            'Tìm kiếm sách'
          )}
        </h1>
        {q && data && (
          <p className="mt-1 text-sm text-gray-500" aria-live="polite">
            Tìm thấy <span className="font-semibold text-gray-800">{formatNumberVN(data.totalElements)}</span> sản phẩm
          </p>
        )}
        {q && (
          <nav aria-label="Sắp xếp kết quả" className="mt-4 flex flex-wrap items-center gap-2">
            <span className="text-sm text-gray-500">Sắp xếp theo:</span>
            {SEARCH_SORTS.map((s) => {
              const active = s.key === sort.key;
              return (
                <Link
                  key={s.key}
                  to={searchHref(q, s, 0, size)}
                  preventScrollReset
                  aria-current={active ? 'true' : undefined}
                  className={`rounded-full px-3.5 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                    active ? 'bg-brand-700 text-white shadow-sm' : 'bg-gray-100 text-gray-700 hover:bg-brand-50 hover:text-brand-700'
                  }`}
                >
                  {s.label}
                </Link>
              );
            })}
          </nav>
        )}
      </header>

      <div className="mt-4">
        {!q ? (
          <EmptyState icon={<SearchIcon size={28} />} title="Nhập từ khóa để tìm sách" description="Bạn có thể tìm theo tên sách, tác giả, nhà xuất bản hoặc ISBN, có dấu hay không dấu đều được." />
        ) : results.isPending ? (
          <BookGridSkeleton count={10} cols={GRID_COLS.wide} />
        ) : results.isError && !data ? (
          <ErrorState message="Đã xảy ra lỗi." onRetry={() => void results.refetch()} retrying={results.isFetching} />
        ) : data && data.content.length === 0 ? (
          <div className="space-y-6">
            <EmptyState
              icon={<SearchXIcon size={28} />}
              title="Không tìm thấy sản phẩm phù hợp."
              description={`Không có sách nào khớp với “${q}”. Hãy thử từ khóa khác hoặc kiểm tra lại chính tả.`}
              action={
                data.didYouMean ? (
                  <DidYouMean term={data.didYouMean} sort={sort} size={size} />
                ) : (
                  <Link to="/" className={buttonClass('outline', 'md')}>
                    Về trang chủ
                  </Link>
                )
              }
            />
            {bestSellers.data && bestSellers.data.content.length > 0 && (
              <section aria-labelledby="search-best-sellers" className="rounded-2xl bg-white px-4 py-4 shadow-sm ring-1 ring-gray-200/70 sm:px-5">
                <h2 id="search-best-sellers" className="mb-3 text-lg font-bold text-gray-900">
                  Sách bán chạy
                </h2>
                <BookGrid books={bestSellers.data.content} cols={GRID_COLS.wide} label="Sách bán chạy" />
              </section>
            )}
          </div>
        ) : data ? (
          <div className={results.isPlaceholderData ? 'opacity-60 transition-opacity' : ''} aria-busy={results.isPlaceholderData}>
            {data.didYouMean && (
              <div className="mb-4 rounded-xl bg-amber-50 px-4 py-3 ring-1 ring-amber-200">
                <DidYouMean term={data.didYouMean} sort={sort} size={size} />
                <p className="mt-0.5 text-sm text-gray-500">Kết quả dưới đây là cho từ khóa gần đúng.</p>
              </div>
            )}
            {/* The cards' titles are h3: a heading level between them and the page's h1. */}
            <h2 className="sr-only">Kết quả tìm kiếm</h2>
            <BookGrid books={data.content} cols={GRID_COLS.wide} eagerCount={6} label="Kết quả tìm kiếm" />
            <Pagination page={data.number} totalPages={data.totalPages} hrefFor={(p) => searchHref(q, sort, p, size)} className="mt-6" />
          </div>
        ) : null}
      </div>
    </div>
  );
}
