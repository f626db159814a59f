import { formatVnd, REFUND_METHOD_LABELS, REFUND_METHODS, SALES_MESSAGES, saleRefundSchema, type SaleOrderDto, formNumbers, SALE_NUMBER_FIELDS } from '@nhasach/shared';
import { BanknoteIcon } from 'lucide-react';
import { refundSaleOrder } from '../../../api/sales.ts';
import { ConfirmDialog } from '../../../components/ui/Dialog.tsx';
import { TextField } from '../../../components/ui/Field.tsx';
import { formatDateTime } from '../saleFormat.ts';
import { Card } from '../../../components/ui/Card.tsx';
import { compactInput, SelectField, TextAreaField } from './fields.tsx';
import { useConfirmStep, useOrderForm, WriteFoot } from './orderWrite.tsx';

const refundFormSchema = saleRefundSchema.omit({ version: true });
type RefundInput = { amount: string; method: string; note: string };
type RefundValues = ReturnType<typeof refundFormSchema.parse>;

/**
 * Manual refund: amount and method (CASH, BANK_TRANSFER, GATEWAY), both required; at most what is still
 * refundable. Refunds made so far are listed.
 */
export function RefundForm({ order, onReload, reloading }: { order: SaleOrderDto; onReload: () => void; reloading: boolean }) {
  const confirm = useConfirmStep<RefundValues>();
  const confirming = confirm.values;
  const refundable = order.refundableAmount;
  const { form, problem, sending, write } = useOrderForm<RefundInput, typeof refundFormSchema>(
    refundFormSchema,
    { amount: refundable > 0 ? String(refundable) : '', method: '', note: '' },
    (values) => formNumbers(values, SALE_NUMBER_FIELDS),
  );
  const { errors } = form.formState;

  const send = async (values: RefundValues) => {
    const saved = await write(() => refundSaleOrder(order.id, { ...values, version: order.version }), SALES_MESSAGES.refunded, ['amount', 'method', 'note'], 'Hoàn tiền thất bại.');
    confirm.close();
    if (saved) form.reset({ amount: saved.refundableAmount > 0 ? String(saved.refundableAmount) : '', method: '', note: '' });
  };

  return (
    <Card
      title="Hoàn tiền"
      icon={<BanknoteIcon size={18} />}
      actions={refundable > 0 ? <span className="text-sm text-gray-500">Còn {formatVnd(refundable)}</span> : undefined}
      testId="refund-form"
    >
      {refundable > 0 ? (
        <form noValidate onSubmit={form.handleSubmit(confirm.ask)} className="space-y-4">
          <TextField
            label="Số tiền hoàn (₫)"
            required
            type="number"
            inputMode="numeric"
            min={1}
            max={refundable}
            step={1000}
            hint={`Tối đa ${formatVnd(refundable)}`}
            className={compactInput}
            error={errors.amount?.message}
            {...form.register('amount')}
          />
          <SelectField label="Phương thức hoàn" required error={errors.method?.message} {...form.register('method')}>
            <option value="">— Chọn phương thức —</option>
            {REFUND_METHODS.map((m) => (
              <option key={m} value={m} disabled={!order.allowedRefundMethods.includes(m)}>
                {REFUND_METHOD_LABELS[m]}
                {!order.allowedRefundMethods.includes(m) ? ' (không khả dụng)' : ''}
              </option>
            ))}
          </SelectField>
          <TextAreaField label="Ghi chú" rows={2} placeholder="Ví dụ: số tài khoản nhận, mã giao dịch" error={errors.note?.message} {...form.register('note')} />
          <WriteFoot problem={problem} onReload={onReload} reloading={reloading} variant="secondary" busy={sending} busyText="Đang hoàn tiền…">
            Ghi nhận hoàn tiền
          </WriteFoot>
        </form>
      ) : (
        <p className="rounded-lg bg-gray-50 px-3 py-2.5 text-sm text-gray-600">
          {order.paymentStatus === 'REFUNDED' ? 'Đơn hàng đã được hoàn tiền đầy đủ.' : SALES_MESSAGES.refundNotAllowed}
        </p>
      )}

      {order.refunds.length > 0 && (
        <ul className="mt-4 space-y-2 border-t border-gray-100 pt-4" aria-label="Các lần hoàn tiền">
          {order.refunds.map((r) => (
            <li key={r.id} data-testid="order-refund" className="flex items-start justify-between gap-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-gray-900">
                  {REFUND_METHOD_LABELS[r.method]}
                  {r.status === 'PENDING' && <span className="ml-1.5 rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-800">Đang xử lý</span>}
                </p>
                <p className="text-xs text-gray-500">
                  {formatDateTime(r.createdAt)}
                  {r.actorName ? ` · ${r.actorName}` : ''}
                  {r.gatewayRef ? ` · ${r.gatewayRef}` : ''}
                </p>
                {r.note && <p className="mt-0.5 text-xs break-words text-gray-600">{r.note}</p>}
              </div>
              <p className="shrink-0 font-semibold text-purple-700 tabular-nums">-{formatVnd(r.amount)}</p>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={confirming !== undefined}
        title="Xác nhận hoàn tiền?"
        description={
          confirming ? `Hoàn ${formatVnd(confirming.amount)} bằng ${REFUND_METHOD_LABELS[confirming.method].toLowerCase()} cho đơn ${order.code}.` : undefined
        }
        confirmText="Hoàn tiền"
        cancelText="Không"
        busy={sending}
        onClose={confirm.close}
        onConfirm={() => confirming && void send(confirming)}
      />
    </Card>
  );
}
