import { useNavigate } from 'react-router';
import { CANCEL_REASON_MAX, CANCEL_REASONS, SALES_MESSAGES, saleCancelSchema, type SaleOrderDto } from '@nhasach/shared';
import { Trash2Icon } from 'lucide-react';
import { cancelSaleOrder } from '../../../api/sales.ts';
import { saleListHref } from '../orderListParams.ts';
import { Card } from '../../../components/ui/Card.tsx';
import { TextAreaField } from './fields.tsx';
import { CancelOrderConfirm, useConfirmStep, useOrderForm, WriteFoot } from './orderWrite.tsx';

const cancelFormSchema = saleCancelSchema.omit({ version: true });
type CancelInput = { reason: string };
type CancelValues = ReturnType<typeof cancelFormSchema.parse>;

/** Staff cancel before the parcel leaves: a reason (non-blank), then a confirmation. Paid orders then owe a refund. */
export function CancelForm({ order, onReload, reloading }: { order: SaleOrderDto; onReload: () => void; reloading: boolean }) {
  const navigate = useNavigate();
  const confirm = useConfirmStep<CancelValues>();
  const { form, problem, sending, write } = useOrderForm<CancelInput, typeof cancelFormSchema>(cancelFormSchema, { reason: '' });
  const { errors } = form.formState;

  const send = async (values: CancelValues) => {
    const saved = await write(() => cancelSaleOrder(order.id, { ...values, version: order.version }), SALES_MESSAGES.canceled, ['reason'], 'Huỷ đơn thất bại');
    confirm.close();
    // A cancel is a status change: the list opens on the tab of the new status (spec section 4).
    if (saved) void navigate(saleListHref(saved.status));
  };

  return (
    <Card title="Huỷ đơn hàng" icon={<Trash2Icon size={18} />} tone="danger" testId="cancel-form">
      <form noValidate onSubmit={form.handleSubmit(confirm.ask)} className="space-y-3">
        <div className="flex flex-wrap gap-1.5" aria-label="Lý do thường gặp" role="group">
          {CANCEL_REASONS.slice(0, 4).map((r) => (
            <button
              key={r}
              type="button"
              onClick={() => form.setValue('reason', r, { shouldValidate: Boolean(errors.reason) })}
              className="rounded-full border border-gray-200 px-2.5 py-1 text-xs text-gray-700 hover:border-red-300 hover:bg-red-50 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {r}
            </button>
          ))}
        </div>
        <TextAreaField
          label="Lý do huỷ"
          required
          rows={2}
          maxLength={CANCEL_REASON_MAX}
          placeholder="Ví dụ: khách gọi điện yêu cầu huỷ"
          hint={order.paymentStatus === 'PAID' ? 'Đơn đã thanh toán: sau khi huỷ, đơn chuyển sang Chờ hoàn tiền.' : 'Sách trong đơn sẽ được trả lại kho.'}
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        <WriteFoot problem={problem} onReload={onReload} reloading={reloading} variant="outline" busy={sending} className="!border-red-300 !text-red-700 hover:!bg-red-50">
          Huỷ đơn hàng
        </WriteFoot>
      </form>
      <CancelOrderConfirm order={order} step={confirm} confirmText="Xác nhận huỷ" busy={sending} onConfirm={(values) => void send(values)} />
    </Card>
  );
}
