import { useState } from 'react';
import { MailIcon } from 'lucide-react';
import { adminKeys, fetchOutbox } from '../../../api/admin.ts';
import { ErrorState } from '../../../components/ui/EmptyState.tsx';
import { formatDateTime, relativeTime } from '../format.ts';
import { Card, IconTitle, NewerOlderPager, smallInputClass } from '../ui.tsx';
import { useFeed } from './useFeed.ts';

const PAGE_SIZE = 5;

const STATUS_LABEL = {
  PENDING: { text: 'Chờ gửi', tone: 'bg-sky-50 text-sky-700' },
  SENDING: { text: 'Đang gửi', tone: 'bg-sky-50 text-sky-700' },
  STORED: { text: 'Lưu trong hộp thư', tone: 'bg-amber-50 text-amber-700' },
  SENT: { text: 'Đã gửi', tone: 'bg-emerald-50 text-emerald-700' },
  FAILED: { text: 'Gửi lỗi', tone: 'bg-red-50 text-red-700' },
} as const;

/**
 * 'Hộp thư đi': the mails the store sent or, without an SMTP server, kept in its outbox. Lets an admin read a
 * registration code when no mail server is configured.
 */
export function MailOutboxPanel({ className = '' }: { className?: string }) {
  const { page, setPage, filter: to, setFilter, query, totalPages } = useFeed(PAGE_SIZE, adminKeys.outbox, fetchOutbox);
  const [open, setOpen] = useState<number | null>(null);
  const data = query.data;

  return (
    <Card
      className={className}
      title={<IconTitle icon={<MailIcon size={18} className="text-brand-700" />}>Hộp thư đi</IconTitle>}
      description="Thư cửa hàng đã gửi; khi chưa cấu hình SMTP, thư được lưu tại đây"
      bodyClassName=""
      actions={
        <input
          type="search"
          aria-label="Lọc theo email người nhận"
          placeholder="Email người nhận"
          className={`${smallInputClass} w-52`}
          value={to}
          onChange={(e) => setFilter(e.target.value)}
        />
      }
    >
      {query.isPending ? (
        <p className="px-5 py-8 text-center text-sm text-gray-500">Đang tải…</p>
      ) : query.isError ? (
        <div className="p-5">
          <ErrorState compact message="Không tải được hộp thư đi." onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </div>
      ) : data && data.content.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-gray-500">Chưa có thư nào.</p>
      ) : (
        <ul className={`divide-y divide-gray-100 transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
          {data?.content.map((m) => (
            <li key={m.id} className="px-5 py-3">
              <button
                type="button"
                className="flex w-full items-start justify-between gap-3 text-left"
                aria-expanded={open === m.id}
                onClick={() => setOpen((v) => (v === m.id ? null : m.id))}
              >
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-gray-900">{m.subject}</span>
                  <span className="mt-0.5 block truncate text-xs text-gray-500">
                    {m.to} ·{' '}
                    <time dateTime={m.createdAt} title={formatDateTime(m.createdAt)}>
                      {relativeTime(m.createdAt)}
                    </time>
                  </span>
                </span>
                <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_LABEL[m.status].tone}`}>
                  {STATUS_LABEL[m.status].text}
                </span>
              </button>
              {open === m.id && (
                <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-gray-50 p-3 font-sans text-sm whitespace-pre-wrap text-gray-800">{m.text}</pre>
              )}
            </li>
          ))}
        </ul>
      )}
      <NewerOlderPager page={page} totalPages={totalPages} onPage={setPage} />
    </Card>
  );
}
