import { ORDER_STATUS_LABELS, type OrderActorRole, type OrderHistoryType, type SaleOrderHistoryDto } from '@nhasach/shared';
import { ArrowRightIcon, Clock4Icon } from 'lucide-react';
import { statusDotClass } from '../SaleBadges.tsx';
import { formatDateTime } from '../saleFormat.ts';
import { Card } from '../../../components/ui/Card.tsx';

const TYPE_LABELS: Record<OrderHistoryType, string> = {
  STATUS: 'Trạng thái',
  PAYMENT: 'Thanh toán',
  SHIPPING: 'Vận chuyển',
  ASSIGN: 'Phân công',
  NOTE: 'Ghi chú',
  REFUND: 'Hoàn tiền',
};

const ROLE_LABELS: Record<OrderActorRole, string> = {
  CUSTOMER: 'Khách hàng',
  SALE: 'Nhân viên bán hàng',
  ADMIN: 'Quản trị viên',
  SYSTEM: 'Hệ thống',
};

/**
 * Who did what and when: every change of the order, newest first (DESIGN.md: who, when, from, to, why). Internal
 * notes are history entries too, but they have their own list (NotesCard).
 */
export function HistoryTimeline({ history }: { history: SaleOrderHistoryDto[] }) {
  const entries = history.filter((h) => h.type !== 'NOTE').sort((a, b) => (a.at === b.at ? b.id - a.id : b.at.localeCompare(a.at)));
  return (
    <Card title="Lịch sử đơn hàng" icon={<Clock4Icon size={18} />} actions={<span className="text-sm text-gray-500">{entries.length} mục</span>} testId="order-history">
      {entries.length === 0 ? (
        <p className="text-sm text-gray-500">Chưa có thay đổi nào.</p>
      ) : (
        <ol className="relative space-y-5 before:absolute before:top-2 before:bottom-2 before:left-[7px] before:w-px before:bg-gray-200">
          {entries.map((h) => {
            const statusChange = h.type === 'STATUS' && h.toStatus;
            return (
              <li key={h.id} data-testid="history-entry" className="relative pl-7">
                <span
                  aria-hidden="true"
                  className={`absolute top-1 left-0 size-[15px] rounded-full border-[3px] border-white ring-1 ring-gray-200 ${statusChange && h.toStatus ? statusDotClass(h.toStatus) : 'bg-gray-300'}`}
                />
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                  <span className="rounded-md bg-gray-100 px-1.5 py-0.5 text-[11px] font-semibold tracking-wide text-gray-600 uppercase">{TYPE_LABELS[h.type]}</span>
                  {statusChange && h.toStatus ? (
                    <span className="inline-flex flex-wrap items-center gap-1.5 font-semibold text-gray-900">
                      {h.fromStatus && (
                        <>
                          <span className="font-medium text-gray-500">{ORDER_STATUS_LABELS[h.fromStatus]}</span>
                          <ArrowRightIcon size={14} className="text-gray-500" />
                          <span className="sr-only">sang</span>
                        </>
                      )}
                      <span>{ORDER_STATUS_LABELS[h.toStatus]}</span>
                    </span>
                  ) : null}
                </div>
                {h.note && <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line text-gray-700">{h.note}</p>}
                <p className="mt-1 text-xs text-gray-500">
                  <time dateTime={h.at}>{formatDateTime(h.at)}</time> · {h.actorName ?? ROLE_LABELS[h.actorRole]}
                  {h.actorName && h.actorName !== ROLE_LABELS[h.actorRole] && <span className="text-gray-500"> ({ROLE_LABELS[h.actorRole]})</span>}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
