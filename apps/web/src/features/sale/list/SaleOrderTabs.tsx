import { Link } from 'react-router';
import { SALE_ORDER_TABS, type SaleOrderCountsDto, formatNumberVN } from '@nhasach/shared';
import { statusDotClass } from '../SaleBadges.tsx';
import { saleListSearch, withChange, type SaleListState } from '../orderListParams.ts';

/**
 * The status tabs of /sale/orders (Tất cả, Chờ xác nhận ... Đã huỷ) with the number of orders in each under the
 * current search and filters. Links, so each tab has its own URL and opens in a new tab too.
 */
export function SaleOrderTabs({ state, counts }: { state: SaleListState; counts: SaleOrderCountsDto | undefined }) {
  return (
    <nav aria-label="Trạng thái đơn hàng" className="overflow-x-auto">
      {/* One scrolling row on phones; wrapped pills from tablets up, so every tab stays in sight. */}
      <ul className="flex w-max gap-1.5 sm:w-auto sm:flex-wrap">
        {SALE_ORDER_TABS.map((tab) => {
          const status = tab.key === 'ALL' ? undefined : tab.key;
          const active = state.status === status;
          const count = counts ? (status ? counts.byStatus[status] : counts.total) : undefined;
          return (
            <li key={tab.key}>
              <Link
                to={`/sale/orders${saleListSearch(withChange(state, { status }))}`}
                aria-current={active ? 'page' : undefined}
                data-tab={tab.key}
                className={`flex h-9 items-center gap-2 rounded-full border px-3.5 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                  active ? 'border-brand-700 bg-brand-700 text-white shadow-sm' : 'border-gray-200 bg-white text-gray-700 hover:border-gray-300 hover:bg-gray-50'
                }`}
              >
                {status && <span aria-hidden="true" className={`size-2 rounded-full ${active ? 'bg-white' : statusDotClass(status)}`} />}
                {tab.label}
                {count !== undefined && (
                  <span
                    data-testid="tab-count"
                    className={`min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs tabular-nums ${active ? 'bg-white/20 text-white' : 'bg-gray-100 text-gray-600'}`}
                  >
                    {formatNumberVN(count)}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
