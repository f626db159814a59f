import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  SOLD_RULE,
  LOW_STOCK_THRESHOLD,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  REVENUE_RULE,
  formatVnd,
  type DashboardDto,
  type DashboardPeriodDto,
  type OrderStatus,
} from '@nhasach/shared';
import { BookOpenIcon, CalendarIcon, InfoIcon, PackageIcon, RefreshCwIcon, ShoppingBagIcon, TrendingUpIcon, TriangleAlertIcon, UsersIcon } from 'lucide-react';
import { adminKeys, fetchDashboard } from '../../api/admin.ts';
import { ImageWithFallback } from '../../components/ImageWithFallback.tsx';
import { ErrorState, Skeleton } from '../../components/ui/EmptyState.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { AuditFeed } from './dashboard/AuditFeed.tsx';
import { MailOutboxPanel } from './dashboard/MailOutboxPanel.tsx';
import { RevenueChart } from './dashboard/RevenueChart.tsx';
import { SalesReportPanel } from './dashboard/SalesReportPanel.tsx';
import { formatSold } from '../../lib/books.ts';
import { formatCount, formatDate, formatDateTime, formatTime, relativeTime } from './format.ts';
import { Card, IconTitle, PageHeader, Pill } from './ui.tsx';

/** Colour of each order status in the breakdown. */
const STATUS_COLOR: Record<OrderStatus, string> = {
  PENDING: 'bg-amber-400',
  CONFIRMED: 'bg-sky-400',
  PROCESSING: 'bg-indigo-400',
  SHIPPED: 'bg-violet-400',
  DELIVERED: 'bg-teal-500',
  COMPLETED: 'bg-emerald-500',
  CANCELED: 'bg-gray-400',
  CANCEL_REQUESTED: 'bg-rose-400',
};

/** /admin: the store's figures (GET /api/v1/admin/dashboard) and the recent staff activity. */
export function AdminDashboardPage() {
  useDocumentTitle('Dashboard quản trị');
  const query = useQuery({ queryKey: adminKeys.dashboard, queryFn: fetchDashboard, refetchInterval: 60_000 });
  const d = query.data;

  return (
    <div className="mx-auto max-w-[1400px]">
      <PageHeader
        title="Dashboard"
        description={
          d ? (
            <>
              Số liệu cập nhật lúc {formatTime(d.generatedAt)}, ngày {formatDate(d.generatedAt)} (giờ Việt Nam)
            </>
          ) : (
            'Tổng quan hoạt động kinh doanh của cửa hàng'
          )
        }
        actions={
          <button
            type="button"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-gray-300 bg-white px-3.5 text-sm font-semibold text-gray-700 hover:border-brand-300 hover:text-brand-700 disabled:opacity-60"
          >
            <RefreshCwIcon size={16} className={query.isFetching ? 'animate-spin' : ''} /> Làm mới
          </button>
        }
      />

      {query.isPending ? (
        <DashboardSkeleton />
      ) : query.isError || !d ? (
        <ErrorState message="Không tải được số liệu dashboard." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <div className="space-y-5">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <PeriodCard label="Hôm nay" period={d.today} icon={<CalendarIcon size={18} />} tone="brand" />
            <PeriodCard label="7 ngày qua" period={d.last7Days} icon={<TrendingUpIcon size={18} />} tone="sky" />
            <PeriodCard label="30 ngày qua" period={d.last30Days} icon={<ShoppingBagIcon size={18} />} tone="emerald" />
            <TotalsCard totals={d.totals} />
          </div>

          <div className="grid gap-5 xl:grid-cols-3">
            <Card
              className="xl:col-span-2"
              title="Doanh thu 30 ngày"
              description="Theo ngày đặt đơn"
              actions={
                <span className="inline-flex items-center gap-1 text-xs text-gray-500" title={REVENUE_RULE}>
                  <InfoIcon size={14} /> Cách tính
                </span>
              }
            >
              {/* Scrolls sideways on a narrow screen: reachable with the keyboard, named for screen readers. */}
              <div role="region" aria-label="Biểu đồ doanh thu 30 ngày" tabIndex={0} className="-mx-1 overflow-x-auto px-1">
                <div className="min-w-[560px]">
                  <RevenueChart points={d.revenueByDay} />
                </div>
              </div>
              <p className="mt-2 text-xs text-gray-500">{REVENUE_RULE}</p>
            </Card>
            <OrdersByStatus byStatus={d.ordersByStatus} />
          </div>

          <SalesReportPanel />

          <div className="grid gap-5 xl:grid-cols-2">
            <TopBooks books={d.topBooks} />
            <LowStock books={d.lowStock} />
          </div>

          <div className="grid gap-5 xl:grid-cols-3">
            <RecentOrders orders={d.recentOrders} />
            <NewestCustomers customers={d.newestCustomers} />
            <AuditFeed />
          </div>

          <MailOutboxPanel />
        </div>
      )}
    </div>
  );
}

const TONES = {
  brand: 'bg-brand-50 text-brand-700',
  sky: 'bg-sky-50 text-sky-700',
  emerald: 'bg-emerald-50 text-emerald-700',
  violet: 'bg-violet-50 text-violet-700',
} as const;

function StatCard({ label, icon, tone, children }: { label: string; icon: ReactNode; tone: keyof typeof TONES; children: ReactNode }) {
  return (
    // The kit's card without its header: a tile's title is small, its icon on the right.
    <Card className="transition-shadow hover:shadow-md" bodyClassName="p-5">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-medium text-gray-500">{label}</h2>
        <span className={`grid size-9 place-items-center rounded-xl ${TONES[tone]}`}>{icon}</span>
      </div>
      {children}
    </Card>
  );
}

function PeriodCard({ label, period, icon, tone }: { label: string; period: DashboardPeriodDto; icon: ReactNode; tone: keyof typeof TONES }) {
  return (
    <StatCard label={label} icon={icon} tone={tone}>
      <p className="mt-3 text-2xl font-bold tracking-tight text-gray-900" data-testid={`revenue-${label}`}>
        {formatVnd(period.revenue)}
      </p>
      <p className="mt-0.5 text-xs text-gray-500">Doanh thu</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 border-t border-gray-100 pt-3 text-sm">
        <div>
          <dt className="text-xs text-gray-500">Đơn đặt</dt>
          <dd className="font-semibold text-gray-900" data-testid={`placed-${label}`}>
            {formatCount(period.placed)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-gray-500" title="Đơn đã thanh toán hoặc COD đã giao">Tính doanh thu</dt>
          <dd className="font-semibold text-gray-900">{formatCount(period.orders)}</dd>
        </div>
      </dl>
    </StatCard>
  );
}

function TotalsCard({ totals }: { totals: DashboardDto['totals'] }) {
  const rows = [
    { label: 'Sách đang bán', value: `${formatCount(totals.activeBooks)} / ${formatCount(totals.books)}`, icon: <BookOpenIcon size={15} /> },
    { label: 'Khách hàng', value: formatCount(totals.customers), icon: <UsersIcon size={15} /> },
    { label: 'Tổng đơn hàng', value: formatCount(totals.orders), icon: <PackageIcon size={15} /> },
  ];
  return (
    <StatCard label="Toàn cửa hàng" icon={<BookOpenIcon size={18} />} tone="violet">
      <ul className="mt-3 space-y-2.5">
        {rows.map((r) => (
          <li key={r.label} className="flex items-center justify-between gap-2 text-sm">
            <span className="inline-flex items-center gap-2 text-gray-600">
              <span className="text-gray-500">{r.icon}</span>
              {r.label}
            </span>
            <span className="font-semibold text-gray-900">{r.value}</span>
          </li>
        ))}
      </ul>
    </StatCard>
  );
}

function OrdersByStatus({ byStatus }: { byStatus: Record<string, number> }) {
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
  return (
    <Card title="Đơn hàng theo trạng thái" description={`Tổng ${formatCount(total)} đơn`}>
      {total === 0 ? (
        <p className="py-8 text-center text-sm text-gray-500">Chưa có đơn hàng.</p>
      ) : (
        <>
          <div className="flex h-2.5 overflow-hidden rounded-full bg-gray-100" aria-hidden="true">
            {ORDER_STATUSES.map((s) =>
              byStatus[s] ? <div key={s} className={STATUS_COLOR[s]} style={{ width: `${((byStatus[s] ?? 0) / total) * 100}%` }} /> : null,
            )}
          </div>
          <ul className="mt-4 space-y-2.5">
            {ORDER_STATUSES.map((s) => {
              const n = byStatus[s] ?? 0;
              return (
                <li key={s} className="flex items-center gap-3 text-sm">
                  <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${STATUS_COLOR[s]}`} />
                  <span className="flex-1 text-gray-700">{ORDER_STATUS_LABELS[s]}</span>
                  <span className="w-10 text-right font-semibold text-gray-900 tabular-nums">{formatCount(n)}</span>
                  <span className="w-12 text-right text-xs text-gray-500 tabular-nums">{Math.round((n / total) * 100)}%</span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Card>
  );
}

/** A card's list of rows (`row` gives each its <li>), or the line saying there are none. */
function RowList<T>({ items, empty, ordered = false, className = '', testId, row }: { items: readonly T[]; empty: string; ordered?: boolean; className?: string; testId?: string; row: (item: T, index: number) => ReactNode }) {
  if (items.length === 0) return <p className="px-5 py-10 text-center text-sm text-gray-500">{empty}</p>;
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={`divide-y divide-gray-100 ${className}`.trim()} data-testid={testId}>
      {items.map(row)}
    </List>
  );
}

function Thumb({ src, alt }: { src: string | null; alt: string }) {
  return <ImageWithFallback src={src} alt={alt} loading="lazy" className="h-12 w-8 shrink-0 rounded object-cover ring-1 ring-gray-200" placeholderClassName="h-12 w-8 shrink-0 rounded [&_svg]:hidden [&_span]:hidden" />;
}

function TopBooks({ books }: { books: DashboardDto['topBooks'] }) {
  return (
    <Card title="Sách bán chạy" description="30 ngày qua, theo số lượng; 'Đã bán' là tổng như trên cửa hàng" bodyClassName="">
      <RowList
        items={books}
        empty="Chưa có sách nào được bán trong 30 ngày qua."
        ordered
        row={(b, i) => (
          <li key={b.bookId} className="flex items-center gap-3 px-5 py-2.5 hover:bg-gray-50/70">
            <span className={`grid size-6 shrink-0 place-items-center rounded-full text-xs font-bold ${i < 3 ? 'bg-brand-50 text-brand-700' : 'bg-gray-100 text-gray-600'}`}>{i + 1}</span>
            <Thumb src={b.thumbnail} alt="" />
            <div className="min-w-0 flex-1">
              {b.slug ? (
                <Link to={`/books/${encodeURIComponent(b.slug)}`} className="line-clamp-1 text-sm font-medium text-gray-900 hover:text-brand-700">
                  {b.title}
                </Link>
              ) : (
                <span className="line-clamp-1 text-sm font-medium text-gray-900">{b.title}</span>
              )}
              <p className="text-xs text-gray-500">{formatVnd(b.revenue)}</p>
            </div>
            <span className="text-right leading-tight">
              <span className="block text-sm font-semibold text-gray-900 tabular-nums">{formatCount(b.quantity)} cuốn</span>
              <span className="block text-xs text-gray-500" title={SOLD_RULE}>
                Đã bán {formatSold(b.sold)}
              </span>
            </span>
          </li>
        )}
      />
    </Card>
  );
}

function LowStock({ books }: { books: DashboardDto['lowStock'] }) {
  return (
    <Card
      title={<IconTitle icon={<TriangleAlertIcon size={17} className="text-amber-600" />}>Sắp hết hàng</IconTitle>}
      description={`Sách đang bán còn tối đa ${LOW_STOCK_THRESHOLD} cuốn`}
      bodyClassName=""
    >
      <RowList
        items={books}
        empty="Không có sách nào sắp hết hàng."
        className="max-h-[430px] overflow-y-auto"
        row={(b) => (
          <li key={b.id} className="flex items-center gap-3 px-5 py-2.5 hover:bg-gray-50/70">
            <Thumb src={b.thumbnail} alt="" />
            <span className="line-clamp-1 min-w-0 flex-1 text-sm font-medium text-gray-900">{b.title}</span>
            <Pill tone={b.stock === 0 ? 'red' : 'amber'}>{b.stock === 0 ? 'Hết hàng' : `Còn ${b.stock}`}</Pill>
            <Link
              to={`/admin/books?edit=${b.id}`}
              className="rounded-lg px-2.5 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              aria-label={`Sửa sách ${b.title}`}
            >
              Sửa
            </Link>
          </li>
        )}
      />
    </Card>
  );
}

function RecentOrders({ orders }: { orders: DashboardDto['recentOrders'] }) {
  return (
    <Card title="Đơn hàng mới" description="Giờ Việt Nam" bodyClassName="" actions={<Link to="/sale/orders" className="text-sm font-semibold text-brand-700 hover:underline">Xem tất cả</Link>}>
      <RowList
        items={orders}
        empty="Chưa có đơn hàng."
        testId="recent-orders"
        row={(o) => (
          <li key={o.id} className="flex items-center gap-3 px-5 py-2.5" data-code={o.code}>
            <div className="min-w-0 flex-1">
              <Link to={`/sale/orders/${o.id}`} className="text-sm font-semibold text-gray-900 hover:text-brand-700">
                {o.code}
              </Link>
              <p className="text-xs text-gray-500">
                {ORDER_STATUS_LABELS[o.status]} · {formatVnd(o.grandTotal)}
              </p>
            </div>
            <time dateTime={o.createdAt} className="shrink-0 text-xs text-gray-500 tabular-nums" data-testid="order-time">
              {formatDateTime(o.createdAt)}
            </time>
          </li>
        )}
      />
    </Card>
  );
}

function NewestCustomers({ customers }: { customers: DashboardDto['newestCustomers'] }) {
  return (
    <Card title="Khách hàng mới" bodyClassName="" actions={<Link to="/admin/users" className="text-sm font-semibold text-brand-700 hover:underline">Xem tất cả</Link>}>
      <RowList
        items={customers}
        empty="Chưa có khách hàng."
        row={(c) => (
          <li key={c.id} className="flex items-center gap-3 px-5 py-2.5">
            <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-gradient-to-br from-brand-500 to-brand-700 text-sm font-bold text-white">
              {(c.fullName || c.username).trim().charAt(0).toUpperCase()}
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-gray-900">{c.fullName || c.username}</p>
              <p className="truncate text-xs text-gray-500">{c.email}</p>
            </div>
            <time dateTime={c.createdAt} className="shrink-0 text-xs text-gray-500">
              {relativeTime(c.createdAt)}
            </time>
          </li>
        )}
      />
    </Card>
  );
}

function DashboardSkeleton() {
  return (
    <div className="space-y-5" role="status" aria-label="Đang tải số liệu…">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="rounded-2xl border border-gray-200/80 bg-white p-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="mt-4 h-7 w-36" />
            <Skeleton className="mt-5 h-10 w-full" />
          </div>
        ))}
      </div>
      <div className="grid gap-5 xl:grid-cols-3">
        <div className="rounded-2xl border border-gray-200/80 bg-white p-5 xl:col-span-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="mt-5 h-56 w-full" />
        </div>
        <div className="rounded-2xl border border-gray-200/80 bg-white p-5">
          <Skeleton className="h-4 w-40" />
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="mt-4 h-4 w-full" />
          ))}
        </div>
      </div>
      <div className="grid gap-5 xl:grid-cols-2">
        {Array.from({ length: 2 }, (_, i) => (
          <div key={i} className="rounded-2xl border border-gray-200/80 bg-white p-5">
            <Skeleton className="h-4 w-32" />
            {Array.from({ length: 5 }, (_, j) => (
              <Skeleton key={j} className="mt-4 h-10 w-full" />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
