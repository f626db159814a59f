import { BANK_TRANSFER_NEEDS_REVIEW, BANK_TRANSFER_OUTCOME_LABELS, formatVnd, PAYMENT_METHOD_FLOWS, type BankTransferOutcome, type SaleOrderDto } from '@nhasach/shared';
import { BanknoteIcon } from 'lucide-react';
import { formatDateTime } from '../saleFormat.ts';
import { StatusPill } from '../../../components/ui/StatusPill.tsx';
import { Card } from '../../../components/ui/Card.tsx';

const TONES: Record<BankTransferOutcome, string> = {
  PAID: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  AMOUNT_MISMATCH: 'bg-red-50 text-red-700 ring-red-200',
  ALREADY_PAID: 'bg-amber-50 text-amber-800 ring-amber-200',
  LATE_PAYMENT: 'bg-amber-50 text-amber-800 ring-amber-200',
  UNMATCHED: 'bg-gray-100 text-gray-700 ring-gray-200',
  IGNORED: 'bg-gray-100 text-gray-600 ring-gray-200',
};

/**
 * Bank transfers the notification service reported for this order (VietQR). Those the system did not accept (wrong
 * amount, paid twice, paid after cancellation, or naming an order not paid by transfer) wait for staff: record the
 * payment by hand (Thanh toán) or give the money back (Hoàn tiền).
 */
export function BankTransfersCard({ order }: { order: SaleOrderDto }) {
  const transfers = order.bankTransfers;
  if (PAYMENT_METHOD_FLOWS[order.paymentMethod] !== 'TRANSFER' && transfers.length === 0) return null;
  const review = transfers.filter((b) => BANK_TRANSFER_NEEDS_REVIEW.includes(b.outcome) || b.outcome === 'UNMATCHED').length;
  return (
    <Card
      title="Chuyển khoản ngân hàng"
      icon={<BanknoteIcon size={18} />}
      actions={review > 0 ? <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-red-200">{review} cần xử lý</span> : undefined}
      testId="bank-transfers"
    >
      {transfers.length === 0 ? (
        <p className="rounded-lg bg-gray-50 px-3 py-2.5 text-sm text-gray-600">Chưa nhận được giao dịch chuyển khoản nào cho đơn hàng này.</p>
      ) : (
        <ul className="space-y-3">
          {transfers.map((b) => (
            <li key={b.id} data-testid="bank-transfer" data-outcome={b.outcome} className="rounded-xl border border-gray-200 p-3.5 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className={`font-bold tabular-nums ${b.outcome === 'PAID' ? 'text-gray-900' : 'text-red-700'}`}>{formatVnd(b.amount)}</span>
                <StatusPill tone={TONES[b.outcome]}>{BANK_TRANSFER_OUTCOME_LABELS[b.outcome]}</StatusPill>
              </div>
              <dl className="mt-2 space-y-1 text-gray-600">
                <div className="flex gap-2">
                  <dt className="shrink-0 text-gray-500">Nội dung:</dt>
                  <dd className="min-w-0 break-words text-gray-800">{b.content || '—'}</dd>
                </div>
                <div className="flex gap-2">
                  <dt className="shrink-0 text-gray-500">Giao dịch:</dt>
                  <dd className="min-w-0 break-all font-mono text-xs leading-5 text-gray-800">
                    {[b.bankName, b.referenceCode ?? b.providerTxnId].filter(Boolean).join(' · ')}
                  </dd>
                </div>
                <div className="flex gap-2">
                  <dt className="shrink-0 text-gray-500">Lúc:</dt>
                  <dd>{formatDateTime(b.transactionAt ?? b.receivedAt)}</dd>
                </div>
              </dl>
              {b.outcome !== 'PAID' && b.note && <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-xs leading-relaxed text-amber-900">{b.note}</p>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
