import { useCallback, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AGE_FILTER_OPTIONS, LANGUAGE_LABELS, formatVnd, formatNumberVN, listingTotalText } from '@nhasach/shared';
import { ApiError } from '../../api/client.ts';
import { BookGrid, BookGridSkeleton, GRID_COLS } from '../../components/BookGrid.tsx';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { Drawer } from '../../components/ui/Dialog.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { EmptyState, ErrorState } from '../../components/ui/EmptyState.tsx';
import { catalogQueryOptions } from './api/get-catalog.ts';
import { categoryTreeQueryOptions } from './api/get-category-tree.ts';
import { useQueryUpdate } from '../../lib/useQueryUpdate.ts';
import { pathTo } from './listing/CategoryTree.tsx';
import { FilterPanel } from './listing/FilterPanel.tsx';
import { ListingToolbar } from './listing/ListingToolbar.tsx';
import { catalogParams, clearFilters, hasFilters, listingSearch, parseListing, withChange, type ListingState } from '@nhasach/shared';
import { SearchXIcon, XIcon } from 'lucide-react';

/** /danh-muc/{catSlug} (spec section 2, Category listing): tree, filters, sort, page size, pagination; state in the URL. */
export function CategoryPage() {
  const { catSlug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const state = useMemo(() => parseListing(searchParams), [searchParams]);
  const [drawer, setDrawer] = useState(false);

  const tree = useQuery(categoryTreeQueryOptions());
  const trail = useMemo(() => pathTo(tree.data ?? [], catSlug), [tree.data, catSlug]);
  const current = trail[trail.length - 1];

  const params = catalogParams(catSlug, state);
  const books = useQuery({ ...catalogQueryOptions(params), placeholderData: keepPreviousData });

  const title = current?.name ?? (tree.isPending ? '' : catSlug);

  const hrefOf = useCallback((s: ListingState) => `/danh-muc/${catSlug}${listingSearch(s)}`, [catSlug]);
  const go = useQueryUpdate();
  // Filters keep the scroll position; page links (Pagination) go back to the top.
  const update = useCallback(
    (change: Partial<ListingState>) => go((current) => hrefOf(withChange(parseListing(current), change)), { preventScrollReset: true }),
    [go, hrefOf],
  );
  const clear = () => go((current) => hrefOf(clearFilters(parseListing(current))), { preventScrollReset: true });

  const notFound = books.error instanceof ApiError && books.error.status === 404;
  const chips = activeChips(state);
  const data = books.data;
  const showing = !books.isPlaceholderData || !books.isFetching;

  if (notFound) {
    return (
      <div className="page-container py-10">
        <EmptyState
          icon={<SearchXIcon size={28} />}
          title="Không tìm thấy danh mục"
          description="Danh mục bạn tìm không tồn tại hoặc đã được gỡ bỏ."
          action={
            <Link to="/" className={buttonClass('primary', 'md')}>
              Về trang chủ
            </Link>
          }
        />
      </div>
    );
  }

  const panel = (onNavigate?: () => void) => (
    <FilterPanel
      state={state}
      onChange={update}
      currentSlug={catSlug}
      onNavigate={onNavigate}
      tree={{ nodes: tree.data ?? [], loading: tree.isPending, failed: tree.isError }}
    />
  );

  return (
    <div className="page-container py-4 sm:py-6">
      <Breadcrumb items={trail.length ? trail.map((n) => ({ label: n.name, href: `/danh-muc/${n.slug}` })) : [{ label: title || 'Danh mục' }]} />
      <div className="mt-4 grid gap-5 lg:grid-cols-[260px_minmax(0,1fr)]">
        <aside aria-label="Bộ lọc sản phẩm" className="hidden self-start rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200/70 lg:block">
          {panel()}
        </aside>

        <div className="min-w-0 space-y-4">
          <header className="rounded-2xl bg-white px-4 py-4 shadow-sm ring-1 ring-gray-200/70 sm:px-5">
            <h1 className="text-xl font-bold text-gray-900 sm:text-2xl">{title || '\u00a0'}</h1>
            {current && current.children.length > 0 && (
              <ul className="-mx-1 mt-3 flex gap-2 overflow-x-auto px-1 pb-1 [scrollbar-width:none] sm:flex-wrap sm:overflow-visible" aria-label="Danh mục con">
                {current.children.map((c) => (
                  <li key={c.id}>
                    <Link to={`/danh-muc/${c.slug}`} className="inline-block rounded-full border border-gray-200 px-3 py-1 text-sm whitespace-nowrap text-gray-700 hover:border-brand-300 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
                      {c.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </header>

          <ListingToolbar state={state} total={data?.totalElements} totalIsEstimate={data?.totalIsEstimate} onChange={update} onOpenFilters={() => setDrawer(true)} filterCount={chips.length} />

          {chips.length > 0 && (
            <ul aria-label="Bộ lọc đang áp dụng" className="flex flex-wrap items-center gap-2">
              {chips.map((c) => (
                <li key={c.key}>
                  <button
                    type="button"
                    onClick={() => update(c.clear)}
                    aria-label={`Bỏ lọc ${c.label}`}
                    className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 py-1 pr-2 pl-3 text-xs font-semibold text-brand-700 ring-1 ring-brand-100 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {c.label} <XIcon size={13} />
                  </button>
                </li>
              ))}
              <li>
                <button type="button" onClick={clear} className="text-xs font-semibold text-gray-600 underline-offset-2 hover:text-brand-700 hover:underline">
                  Xóa tất cả
                </button>
              </li>
            </ul>
          )}

          {books.isPending ? (
            <BookGridSkeleton count={state.size > 12 ? 12 : state.size} cols={GRID_COLS.withSidebar} />
          ) : books.isError && !data ? (
            <ErrorState message="Đã xảy ra lỗi." onRetry={() => void books.refetch()} retrying={books.isFetching} />
          ) : data && data.content.length === 0 ? (
            <EmptyState
              icon={<SearchXIcon size={28} />}
              title="Không có sản phẩm phù hợp."
              description={hasFilters(state) ? 'Thử bỏ bớt bộ lọc hoặc chọn khoảng giá khác.' : 'Danh mục này chưa có sách.'}
              action={
                hasFilters(state) ? (
                  <Button variant="outline" onClick={clear}>
                    Xóa bộ lọc
                  </Button>
                ) : undefined
              }
            />
          ) : data ? (
            <div aria-busy={!showing} className={showing ? '' : 'opacity-60 transition-opacity'}>
              {/* The cards' titles are h3: a heading level between them and the page's h1. */}
              <h2 className="sr-only">Sách {title}</h2>
              <BookGrid books={data.content} cols={GRID_COLS.withSidebar} eagerCount={4} label={`Sách ${title}`} />
              <Pagination page={data.number} totalPages={data.totalPages} hrefFor={(p) => hrefOf({ ...state, page: p })} className="mt-6" />
            </div>
          ) : null}
        </div>
      </div>

      <Drawer
        open={drawer}
        onClose={() => setDrawer(false)}
        title="Bộ lọc"
        footer={
          <div className="flex gap-2">
            <Button variant="outline" className="flex-1" onClick={clear} disabled={!hasFilters(state)}>
              Xóa bộ lọc
            </Button>
            <Button className="flex-1" onClick={() => setDrawer(false)}>
              Xem {data ? listingTotalText(data.totalElements, data.totalIsEstimate, formatNumberVN) : ''} kết quả
            </Button>
          </div>
        }
      >
        {panel(() => setDrawer(false))}
      </Drawer>
    </div>
  );
}

interface Chip {
  key: string;
  label: string;
  clear: Partial<ListingState>;
}

/** The applied filters as removable chips. */
function activeChips(s: ListingState): Chip[] {
  const chips: Chip[] = [];
  if (s.priceMin !== undefined || s.priceMax !== undefined) {
    const label =
      s.priceMin !== undefined && s.priceMax !== undefined
        ? `${formatVnd(s.priceMin)} - ${formatVnd(s.priceMax)}`
        : s.priceMin !== undefined
          ? `Từ ${formatVnd(s.priceMin)}`
          : `Đến ${formatVnd(s.priceMax ?? 0)}`;
    chips.push({ key: 'price', label, clear: { priceMin: undefined, priceMax: undefined } });
  }
  if (s.age !== undefined) chips.push({ key: 'age', label: AGE_FILTER_OPTIONS.find((o) => o.value === s.age)?.label ?? `${s.age}+`, clear: { age: undefined } });
  if (s.language) chips.push({ key: 'language', label: LANGUAGE_LABELS[s.language], clear: { language: undefined } });
  if (s.publisher) chips.push({ key: 'publisher', label: `NXB: ${s.publisher}`, clear: { publisher: undefined } });
  if (s.supplier) chips.push({ key: 'supplier', label: `NCC: ${s.supplier}`, clear: { supplier: undefined } });
  return chips;
}
