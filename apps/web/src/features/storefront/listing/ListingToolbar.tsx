import { useId } from 'react';
import { BOOK_SORT_LABELS, CATEGORY_PAGE_SIZES, formatNumberVN, listingTotalText } from '@nhasach/shared';
import { LISTING_SORTS, type ListingSort, type ListingState } from '@nhasach/shared';
import { SlidersVerticalIcon } from 'lucide-react';
import { useHydrated } from '../../../lib/useHydrated.ts';

const selectClass =
  'h-10 rounded-lg border border-gray-300 bg-white pr-7 pl-2.5 text-sm font-medium text-gray-800 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100';

/** Result count, sort and page size; the filter button on small screens. */
export function ListingToolbar({ state, total, totalIsEstimate, onChange, onOpenFilters, filterCount }: { state: ListingState; total?: number; totalIsEstimate?: boolean; onChange: (c: Partial<ListingState>) => void; onOpenFilters: () => void; filterCount: number }) {
  const id = useId();
  // The drawer opens once the app has taken over the server's page: a tap before that would be lost.
  const hydrated = useHydrated();
  return (
    // Phones: count and page size on the first line, the filter button and sort below; one line from sm up.
    <div className="flex flex-wrap items-center gap-2 rounded-xl bg-white px-3 py-2.5 shadow-sm ring-1 ring-gray-200/70 sm:px-4">
      <p className="order-1 mr-auto text-sm text-gray-600" aria-live="polite">
        {total === undefined ? (
          'Đang tải…'
        ) : (
          <>
            <span className="font-semibold text-gray-900">{listingTotalText(total, totalIsEstimate, formatNumberVN)}</span> sản phẩm
          </>
        )}
      </p>
      <span aria-hidden="true" className="order-3 basis-full sm:hidden" />
      <button
        type="button"
        onClick={onOpenFilters}
        disabled={!hydrated}
        className="order-4 inline-flex h-10 shrink-0 items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 text-sm font-semibold text-gray-800 hover:border-brand-300 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 sm:order-2 lg:hidden"
      >
        <SlidersVerticalIcon size={16} /> Bộ lọc
        {filterCount > 0 && <span className="grid size-5 place-items-center rounded-full bg-brand-700 text-[11px] text-white">{filterCount}</span>}
      </button>
      <div className="order-5 flex min-w-0 flex-1 items-center gap-2 sm:order-3 sm:flex-none">
        <label htmlFor={`${id}-sort`} className="shrink-0 text-sm text-gray-500 max-sm:sr-only">
          Sắp xếp
        </label>
        <select id={`${id}-sort`} value={state.sort} onChange={(e) => onChange({ sort: e.target.value as ListingSort })} className={`${selectClass} min-w-0 flex-1`}>
          {LISTING_SORTS.map((s) => (
            <option key={s} value={s}>
              {BOOK_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <label htmlFor={`${id}-size`} className="sr-only">
        Số sản phẩm mỗi trang
      </label>
      <select id={`${id}-size`} value={state.size} onChange={(e) => onChange({ size: Number(e.target.value) })} className={`${selectClass} order-2 shrink-0 sm:order-4`}>
        {CATEGORY_PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n} / trang
          </option>
        ))}
      </select>
    </div>
  );
}
