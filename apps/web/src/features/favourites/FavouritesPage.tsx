import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FAVOURITES_PAGE_SIZE, formatNumberVN } from '@nhasach/shared';
import { ArrowLeftIcon, ArrowRightIcon, HeartIcon } from 'lucide-react';
import { fetchMyFavourites } from '../../api/catalog.ts';
import { BookGrid, BookGridSkeleton, GRID_COLS } from '../../components/BookGrid.tsx';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { buttonClass } from '../../components/ui/Button.tsx';
import { EmptyState, ErrorState } from '../../components/ui/EmptyState.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { sessionKey, useViewer } from '../../lib/viewer.ts';
import { useAuth } from '../auth/useAuth.ts';

/** /yeu-thich (spec sections 2 and 9): my favourite books, 20 a page, previous/next. */
export function FavouritesPage() {
  useDocumentTitle('Sách yêu thích');
  const { user } = useAuth();
  const viewer = useViewer();
  const [params, setParams] = useSearchParams();
  const raw = Number.parseInt(params.get('page') ?? '0', 10);
  const page = Number.isFinite(raw) && raw > 0 ? raw : 0;
  const list = useQuery({
    queryKey: sessionKey(viewer, 'favourites', page),
    queryFn: ({ signal }) => fetchMyFavourites(page, FAVOURITES_PAGE_SIZE, signal),
    enabled: !!user,
    placeholderData: keepPreviousData,
  });

  // A heart toggled here (or anywhere) changes the list: the toggle's answer marks these pages stale (useFavourite).
  const data = list.data;
  const goTo = (p: number) => {
    setParams(p > 0 ? { page: String(p) } : {});
    window.scrollTo({ top: 0 });
  };
  const pager = 'inline-flex h-10 items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-4 text-sm font-semibold text-gray-700 hover:border-brand-300 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-gray-300 disabled:hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-brand-600';

  return (
    <div className="page-container py-4 sm:py-6">
      <Breadcrumb items={[{ label: 'Sách yêu thích' }]} />
      <header className="mt-4 flex flex-wrap items-end justify-between gap-3 rounded-2xl bg-white px-4 py-4 shadow-sm ring-1 ring-gray-200/70 sm:px-5">
        <div className="flex items-center gap-3">
          <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
            <HeartIcon size={22} fill="currentColor" />
          </span>
          <div>
            <h1 className="text-xl font-bold text-gray-900 sm:text-2xl">Sách yêu thích</h1>
            {data && <p className="text-sm text-gray-500">{formatNumberVN(data.totalElements)} cuốn sách bạn đã lưu</p>}
          </div>
        </div>
      </header>

      <div className="mt-4">
        {list.isPending ? (
          <BookGridSkeleton count={10} cols={GRID_COLS.wide} />
        ) : list.isError && !data ? (
          <ErrorState message="Đã xảy ra lỗi." onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : !data || data.content.length === 0 ? (
          <EmptyState
            icon={<HeartIcon size={28} />}
            title={page > 0 ? 'Không có sản phẩm' : 'Bạn chưa có sách yêu thích nào.'}
            description="Nhấn vào biểu tượng trái tim trên sách để lưu lại những cuốn bạn thích."
            action={
              <Link to={page > 0 ? '/yeu-thich' : '/'} className={buttonClass('primary', 'md')}>
                {page > 0 ? 'Về trang đầu' : 'Khám phá sách'}
              </Link>
            }
          />
        ) : (
          <>
            <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
              {/* The cards' titles are h3: a heading level between them and the page's h1. */}
              <h2 className="sr-only">Danh sách sách yêu thích</h2>
              <BookGrid books={data.content} cols={GRID_COLS.wide} eagerCount={6} label="Sách yêu thích" />
            </div>
            {data.totalPages > 1 && (
              <nav aria-label="Phân trang sách yêu thích" className="mt-6 flex items-center justify-center gap-3">
                <button type="button" className={pager} disabled={page <= 0} onClick={() => goTo(page - 1)}>
                  <ArrowLeftIcon size={16} /> Trang trước
                </button>
                <span className="text-sm text-gray-600">
                  Trang <span className="font-semibold text-gray-900">{data.number + 1}</span> / {data.totalPages}
                </span>
                <button type="button" className={pager} disabled={page + 1 >= data.totalPages} onClick={() => goTo(page + 1)}>
                  Trang sau <ArrowRightIcon size={16} />
                </button>
              </nav>
            )}
          </>
        )}
      </div>
    </div>
  );
}
