import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CONTACT_TOPIC_LABELS, formatDateTimeVN, formatNumberVN, type ContactMessageDto } from '@nhasach/shared';
import { MailIcon } from 'lucide-react';
import { contentKeys, fetchContactMessages, setContactHandled } from '../../../api/content.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/EmptyState.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { Card, NewerOlderPager, PageHeader, Pill, TableSkeleton, underlineTabClass } from '../ui.tsx';
import { errorText } from '../../../components/ui/errorText.ts';

const FILTERS = [
  { value: 'NEW', label: 'Chưa xử lý' },
  { value: 'HANDLED', label: 'Đã xử lý' },
  { value: '', label: 'Tất cả' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

/** /admin/contact: messages sent from the storefront's contact page (also mailed to every admin). */
export function AdminContactPage() {
  useDocumentTitle('Tin nhắn liên hệ');
  const [params, setParams] = useSearchParams();
  const status = (FILTERS.find((f) => f.value === params.get('status'))?.value ?? 'NEW') as Filter;
  const page = Math.max(0, Number(params.get('page')) || 0);
  const list = useQuery({ queryKey: contentKeys.contact(status, page), queryFn: ({ signal }) => fetchContactMessages(status, page, signal) });
  const go = (next: { status?: Filter; page?: number }) =>
    setParams({ status: next.status ?? status, page: String(next.page ?? 0) }, { replace: true });

  return (
    <div className="mx-auto max-w-[1100px]">
      <PageHeader
        title="Tin nhắn liên hệ"
        description={list.data ? `${formatNumberVN(list.data.totalElements)} tin nhắn` : 'Tin nhắn khách gửi từ trang Liên hệ'}
      />
      <Card bodyClassName="">
        <div role="group" aria-label="Lọc theo trạng thái" className="flex gap-1 border-b border-gray-100 px-3 pt-2">
          {FILTERS.map((f) => (
            <button key={f.label} type="button" aria-pressed={status === f.value} onClick={() => go({ status: f.value })} className={underlineTabClass(status === f.value)}>
              {f.label}
            </button>
          ))}
        </div>
        {list.isPending ? (
          <TableSkeleton rows={4} cols={3} />
        ) : list.isError ? (
          <ErrorState message="Không tải được tin nhắn" onRetry={() => void list.refetch()} retrying={list.isFetching} className="m-5" />
        ) : list.data.content.length === 0 ? (
          <EmptyState icon={<MailIcon size={28} />} title={status === 'NEW' ? 'Không có tin nhắn chưa xử lý' : 'Chưa có tin nhắn'} className="py-12" />
        ) : (
          <>
            <ul className="divide-y divide-gray-100">
              {list.data.content.map((m) => (
                <MessageItem key={m.id} message={m} />
              ))}
            </ul>
            <NewerOlderPager page={page} totalPages={list.data.totalPages} onPage={(p) => go({ page: p })} />
          </>
        )}
      </Card>
    </div>
  );
}

function MessageItem({ message: m }: { message: ContactMessageDto }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const toggle = useMutation({
    mutationFn: () => setContactHandled(m.id, !m.handledAt),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contentKeys.contactAll }),
    onError: (err) => toast.show(errorText(err, 'Cập nhật tin nhắn thất bại', { append: true }), { tone: 'error' }),
  });
  return (
    <li className="px-5 py-4" data-testid="contact-message">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-gray-900">
            {m.name} <Pill tone="brand">{CONTACT_TOPIC_LABELS[m.topic]}</Pill>{' '}
            {m.handledAt ? <Pill tone="green">Đã xử lý</Pill> : <Pill tone="amber">Chưa xử lý</Pill>}
          </p>
          <p className="mt-0.5 text-sm text-gray-600">
            <a href={`mailto:${m.email}`} className="text-brand-700 hover:underline">
              {m.email}
            </a>
            {m.phone && (
              <>
                {' · '}
                <a href={`tel:${m.phone.replace(/[^\d+]/g, '')}`} className="hover:underline">
                  {m.phone}
                </a>
              </>
            )}
            {' · '}
            <time dateTime={m.createdAt}>{formatDateTimeVN(m.createdAt)}</time>
          </p>
        </div>
        <Button size="sm" variant={m.handledAt ? 'outline' : 'primary'} busy={toggle.isPending} onClick={() => toggle.mutate()}>
          {m.handledAt ? 'Đánh dấu chưa xử lý' : 'Đánh dấu đã xử lý'}
        </Button>
      </div>
      <p className="mt-2 text-sm whitespace-pre-line text-gray-800">{m.message}</p>
      {m.handledAt && (
        <p className="mt-2 text-xs text-gray-500">
          Xử lý lúc {formatDateTimeVN(m.handledAt)}
          {m.handledBy ? ` bởi ${m.handledBy}` : ''}
        </p>
      )}
    </li>
  );
}
