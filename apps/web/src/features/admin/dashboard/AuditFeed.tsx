import type { ReactNode } from 'react';
import { ActivityIcon, BookOpenIcon, DatabaseIcon, ImageIcon, PackageIcon, TagIcon, UsersIcon } from 'lucide-react';
import { adminKeys, fetchAudit } from '../../../api/admin.ts';
import { ErrorState } from '../../../components/ui/EmptyState.tsx';
import { formatDateTime, relativeTime } from '../format.ts';
import { Card, IconTitle, NewerOlderPager, RoleBadge, selectClass } from '../ui.tsx';
import { useFeed } from './useFeed.ts';

const PAGE_SIZE = 8;

/** Entity filters of the log; the values are the server's entityType codes. */
const FILTERS = Object.entries({
  '': 'Tất cả',
  BOOK: 'Sách',
  BOOK_IMAGE: 'Ảnh sách',
  USER: 'Người dùng',
  CATEGORY: 'Danh mục',
  AUTHOR: 'Tác giả',
  PUBLISHER: 'Nhà xuất bản',
  SUPPLIER: 'Nhà cung cấp',
  ORDER: 'Đơn hàng',
});

const ENTITY_ICON: Record<string, ReactNode> = {
  BOOK: <BookOpenIcon size={16} />,
  BOOK_IMAGE: <ImageIcon size={16} />,
  USER: <UsersIcon size={16} />,
  CATEGORY: <TagIcon size={16} />,
  ORDER: <PackageIcon size={16} />,
};

/** Tone of an action by its verb: removals red, creations green, the rest neutral. */
function actionTone(action: string): string {
  if (/DELETE|DEACTIVATE|CANCEL/.test(action)) return 'bg-red-50 text-red-700';
  if (/CREATE|UPLOAD/.test(action)) return 'bg-emerald-50 text-emerald-700';
  return 'bg-sky-50 text-sky-700';
}

/** 'Hoạt động gần đây': the audit log of staff writes (GET /api/v1/admin/audit), newest first, paged. */
export function AuditFeed({ className = '' }: { className?: string }) {
  const { page, setPage, filter: entityType, setFilter, query, totalPages } = useFeed(PAGE_SIZE, adminKeys.audit, fetchAudit);
  const data = query.data;

  return (
    <Card
      className={className}
      title={<IconTitle icon={<ActivityIcon size={18} className="text-brand-700" />}>Hoạt động gần đây</IconTitle>}
      description="Các thao tác ghi của quản trị viên và nhân viên bán hàng"
      bodyClassName=""
      actions={
        <select
          aria-label="Lọc theo đối tượng"
          className={`${selectClass} w-44`}
          value={entityType}
          onChange={(e) => setFilter(e.target.value)}
        >
          {FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      }
    >
      {query.isPending ? (
        <ul className="divide-y divide-gray-100" aria-label="Đang tải…">
          {Array.from({ length: 5 }, (_, i) => (
            <li key={i} className="flex gap-3 px-5 py-3.5">
              <div className="size-8 animate-pulse rounded-lg bg-gray-200/80" />
              <div className="flex-1 space-y-2">
                <div className="h-3.5 w-3/4 animate-pulse rounded bg-gray-200/80" />
                <div className="h-3 w-1/3 animate-pulse rounded bg-gray-200/80" />
              </div>
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <div className="p-5">
          <ErrorState compact message="Không tải được nhật ký hoạt động." onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </div>
      ) : data && data.content.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-gray-500">Chưa có hoạt động nào.</p>
      ) : (
        <ol className={`divide-y divide-gray-100 transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
          {data?.content.map((e) => (
            <li key={e.id} className="flex items-start gap-3 px-5 py-3 hover:bg-gray-50/70">
              <span className={`mt-0.5 grid size-8 shrink-0 place-items-center rounded-lg ${actionTone(e.action)}`}>
                {ENTITY_ICON[e.entityType] ?? <DatabaseIcon size={16} />}
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-sm text-gray-900">{e.summary}</p>
                <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-500">
                  <span className="font-medium text-gray-700">{e.actorUsername ?? 'Hệ thống'}</span>
                  {e.actorUsername && <RoleBadge role={e.actorRole} />}
                  <span aria-hidden="true">·</span>
                  <time dateTime={e.createdAt} title={formatDateTime(e.createdAt)}>
                    {relativeTime(e.createdAt)}
                  </time>
                  <span className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-[10px] text-gray-500">{e.action}</span>
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      <NewerOlderPager page={page} totalPages={totalPages} onPage={setPage} />
    </Card>
  );
}
