import { PAYMENT_METHOD_FLOWS, PAYMENT_STATUS_LABELS, SALES_MESSAGES, salePaymentChangeSchema, type SaleOrderDto } from '@nhasach/shared';
import { CreditCardIcon } from 'lucide-react';
import { changeSaleOrderPayment } from '../../../api/sales.ts';
import { TextField } from '../../../components/ui/Field.tsx';
import { PaymentStatusBadge } from '../SaleBadges.tsx';
import { formatDateTime, fromVietnamLocalInput, nowVietnamLocalInput } from '../saleFormat.ts';
import { withDateMask } from '../../../components/DateInput.tsx';
import { Card, Fact } from '../../../components/ui/Card.tsx';
import { compactInput, SelectField, TextAreaField } from './fields.tsx';
import { useOrderForm, WriteFoot } from './orderWrite.tsx';

const paymentFormSchema = salePaymentChangeSchema.omit({ version: true });
type PaymentInput = { paymentStatus: string; paidAt: string; note: string };
type PaymentValues = ReturnType<typeof paymentFormSchema.parse>;

/** The shared schema reads paidAt as an ISO instant: the masked dd/mm/yyyy hh:mm value (Vietnam time) is turned into one first; it only goes with PAID. */
const withPaidAt = (values: PaymentInput): PaymentInput => ({
  ...values,
  paidAt: values.paymentStatus === 'PAID' ? (fromVietnamLocalInput(values.paidAt) ?? '') : '',
});

/** Payment status (sale view): only the changes the payment rules allow now; PAID takes the time the money came. */
export function PaymentForm({ order, onReload, reloading }: { order: SaleOrderDto; onReload: () => void; reloading: boolean }) {
  const allowed = order.allowedPaymentStatuses.filter((s) => s !== order.paymentStatus);
  const { form, problem, write } = useOrderForm<PaymentInput, typeof paymentFormSchema>(paymentFormSchema, { paymentStatus: allowed[0] ?? '', paidAt: nowVietnamLocalInput(), note: '' }, withPaidAt);
  const { errors, isSubmitting } = form.formState;
  const target = form.watch('paymentStatus');

  const onValid = async (values: PaymentValues) => {
    await write(() => changeSaleOrderPayment(order.id, { ...values, version: order.version }), SALES_MESSAGES.paymentUpdated, ['paymentStatus', 'paidAt', 'note'], 'Cập nhật thanh toán thất bại.');
  };

  return (
    <Card title="Thanh toán" icon={<CreditCardIcon size={18} />} actions={<PaymentStatusBadge status={order.paymentStatus} />} testId="payment-form">
      <dl className="mb-4 space-y-2">
        <Fact label="Thanh toán lúc">{order.paidAt ? formatDateTime(order.paidAt) : <span className="font-normal text-gray-500">Chưa thanh toán</span>}</Fact>
        {order.paymentTransactionNo && (
          <Fact label="Mã giao dịch">
            <span className="font-mono">{order.paymentTransactionNo}</span>
          </Fact>
        )}
      </dl>
      {allowed.length === 0 ? (
        <p className="rounded-lg bg-gray-50 px-3 py-2.5 text-sm text-gray-600">
          {order.paymentStatus === 'REFUNDED'
            ? 'Đơn hàng đã được hoàn tiền đầy đủ.'
            : order.paymentStatus === 'PAID' && PAYMENT_METHOD_FLOWS[order.paymentMethod] === 'ON_DELIVERY' && order.status !== 'CANCELED'
              ? 'Đã thu tiền. Không có thay đổi thanh toán nào được phép lúc này.'
              : 'Không có thay đổi thanh toán nào được phép lúc này.'}
        </p>
      ) : (
        <form noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-4">
          <SelectField label="Trạng thái thanh toán mới" required error={errors.paymentStatus?.message} {...form.register('paymentStatus')}>
            {allowed.map((s) => (
              <option key={s} value={s}>
                {PAYMENT_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
          {target === 'PAID' && (
            <TextField
              label="Thời điểm thanh toán"
              inputMode="numeric"
              autoComplete="off"
              maxLength={16}
              placeholder="dd/mm/yyyy hh:mm"
              hint="Giờ Việt Nam; để trống là bây giờ."
              className={compactInput}
              error={errors.paidAt?.message}
              {...withDateMask(form.register('paidAt'), true)}
            />
          )}
          <TextAreaField label="Ghi chú" rows={2} placeholder="Ví dụ: khách chuyển khoản, mã giao dịch ngân hàng…" error={errors.note?.message} {...form.register('note')} />
          <WriteFoot problem={problem} onReload={onReload} reloading={reloading} variant="secondary" busy={isSubmitting} busyText="Đang lưu…">
            Cập nhật thanh toán
          </WriteFoot>
        </form>
      )}
    </Card>
  );
}
