import { useCallback, useId, useMemo, type ComponentProps } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ORDER_STATUS_LABELS, SALE_ORDERS_PAGE_SIZES, formatNumberVN } from '@nhasach/shared';
import { ClipboardListIcon, RefreshCwIcon, SearchXIcon } from 'lucide-react';
import { fetchSaleOrderCounts, fetchSaleOrders, saleKeys } from '../../api/sales.ts';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { EmptyState, ErrorState } from '../../components/ui/EmptyState.tsx';
import { inputBaseClass } from '../../components/ui/Field.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { useQueryUpdate } from '../../lib/useQueryUpdate.ts';
import { SaleOrderFilters } from './list/SaleOrderFilters.tsx';
import { SaleOrdersTable, SaleOrdersTableSkeleton } from './list/SaleOrdersTable.tsx';
import { SaleOrderTabs } from './list/SaleOrderTabs.tsx';
import { countFilters, hasFilters, listParams, parseSaleList, saleListSearch, toggleSort, withChange, type SaleListState } from './orderListParams.ts';
import { errorText } from '../../components/ui/errorText.ts';

/** An empty list, in place of the table inside the list's card. */
function TableEmpty(props: Omit<ComponentProps<typeof EmptyState>, 'className'>) {
  return <EmptyState className="m-4 border-none sm:m-5" {...props} />;
}

/**
 * /sale/orders (spec section 2, Sales): status tabs with counts, search, payment and date filters, a sortable
 * table and paging. Everything is in the URL query.
 */
export function SaleOrdersPage() {
  const [searchParams] = useSearchParams();
  const state = useMemo(() => parseSaleList(searchParams), [searchParams]);
  const sizeId = useId();
  useDocumentTitle(state.status ? `Đơn hàng: ${ORDER_STATUS_LABELS[state.status]}` : 'Quản lý đơn hàng');

  const params = listParams(state);
  const list = useQuery({
    queryKey: saleKeys.list(params),
    queryFn: ({ signal }) => fetchSaleOrders(params, signal),
    placeholderData: keepPreviousData,
  });
  const filters = countFilters(state);
  const counts = useQuery({
    queryKey: saleKeys.counts(filters),
    queryFn: ({ signal }) => fetchSaleOrderCounts(filters, signal),
    placeholderData: keepPreviousData,
  });

  const hrefOf = useCallback((s: SaleListState) => `/sale/orders${saleListSearch(s)}`, []);
  const go = useQueryUpdate();
  const update = useCallback(
    (change: Partial<SaleListState>) => go((current) => hrefOf(withChange(parseSaleList(current), change)), { preventScrollReset: true }),
    [go, hrefOf],
  );

  const data = list.data;
  const refreshing = list.isFetching && !list.isPending;
  const firstRow = data ? data.number * data.size + 1 : 0;
  const lastRow = data ? data.number * data.size + data.content.length : 0;

  return (
    <div className="mx-auto max-w-[1400px] space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Quản lý đơn hàng</h1>
          <p className="mt-1 text-sm text-gray-600">Theo dõi, xác nhận và xử lý đơn hàng của khách.</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          busy={refreshing}
          onClick={() => {
            void list.refetch();
            void counts.refetch();
          }}
        >
          <RefreshCwIcon size={16} /> Làm mới
        </Button>
      </div>

      <SaleOrderFilters state={state} onChange={update} />

      <section aria-labelledby="sale-orders-heading" className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
        <h2 id="sale-orders-heading" className="sr-only">
          Danh sách đơn hàng
        </h2>
        <div className="border-b border-gray-100 px-4 py-3.5 sm:px-5">
          <SaleOrderTabs state={state} counts={counts.data} />
        </div>

        <div aria-busy={list.isFetching} className={`transition-opacity ${refreshing && list.isPlaceholderData ? 'opacity-60' : ''}`}>
          {list.isPending ? (
            <>
              <p className="sr-only" role="status">
                Đang tải danh sách đơn hàng…
              </p>
              <SaleOrdersTableSkeleton />
            </>
          ) : list.isError ? (
            <ErrorState
              className="m-4 sm:m-5"
              message={errorText(list.error, 'Không tải được danh sách đơn hàng.')}
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
            />
          ) : data && data.content.length === 0 && data.totalElements > 0 ? (
            <TableEmpty
              icon={<ClipboardListIcon size={28} />}
              title="Trang này không còn đơn hàng."
              action={
                <Link to={hrefOf(withChange(state, { page: 0 }))} className={buttonClass('outline', 'md')}>
                  Về trang đầu
                </Link>
              }
            />
          ) : data && data.content.length === 0 ? (
            hasFilters(state) ? (
              <TableEmpty
                icon={<SearchXIcon size={28} />}
                title="Không có đơn hàng phù hợp."
                description="Thử từ khoá khác hoặc bỏ bớt bộ lọc."
                action={
                  <Button variant="outline" onClick={() => update({ q: undefined, paymentStatus: undefined, paymentMethod: undefined, from: undefined, to: undefined })}>
                    Xoá bộ lọc
                  </Button>
                }
              />
            ) : (
              <TableEmpty
                icon={<ClipboardListIcon size={28} />}
                title={state.status ? `Không có đơn hàng ${ORDER_STATUS_LABELS[state.status].toLowerCase()}.` : 'Chưa có đơn hàng nào.'}
                description="Đơn hàng mới của khách sẽ xuất hiện tại đây."
              />
            )
          ) : data ? (
            <SaleOrdersTable orders={data.content} state={state} onSort={(field) => update(toggleSort(state, field))} />
          ) : null}
        </div>

        {data && data.totalElements > 0 && (
          <div className="flex flex-col gap-3 border-t border-gray-100 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5">
            <p className="text-sm text-gray-600" role="status">
              Hiển thị{' '}
              <span className="font-semibold text-gray-900 tabular-nums">
                {formatNumberVN(firstRow)}–{formatNumberVN(lastRow)}
              </span>{' '}
              trên <span className="font-semibold text-gray-900 tabular-nums">{formatNumberVN(data.totalElements)}</span> đơn hàng
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <Pagination page={data.number} totalPages={data.totalPages} hrefFor={(page) => hrefOf(withChange(state, { page }))} label="Trang danh sách đơn hàng" />
              <div className="flex items-center gap-2">
                <label htmlFor={sizeId} className="text-sm whitespace-nowrap text-gray-600">
                  Mỗi trang
                </label>
                <select id={sizeId} value={state.size} onChange={(e) => update({ size: Number(e.target.value) })} className={`${inputBaseClass} h-9 w-20 px-2 text-sm`}>
                  {SALE_ORDERS_PAGE_SIZES.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          </div>
        )}
      </section>
    </div>
  );
}
