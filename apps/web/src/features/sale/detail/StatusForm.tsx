import { useNavigate } from 'react-router';
import {
  canTransition,
  ERROR_CODES,
  ORDER_STATUS_LABELS,
  REASON_REQUIRED_STATUSES,
  SALES_MESSAGES,
  saleStatusChangeSchema,
  type OrderStatus,
  type SaleOrderDto,
} from '@nhasach/shared';
import { RefreshCwIcon } from 'lucide-react';
import { ApiError } from '../../../api/client.ts';
import { changeSaleOrderStatus } from '../../../api/sales.ts';
import { OrderStatusBadge } from '../SaleBadges.tsx';
import { saleListHref } from '../orderListParams.ts';
import { Card } from '../../../components/ui/Card.tsx';
import { SelectField, TextAreaField } from './fields.tsx';
import { CancelOrderConfirm, isConflict, useConfirmStep, useOrderForm, WriteFoot, type WriteProblem } from './orderWrite.tsx';

const needsReason = (s: string) => (REASON_REQUIRED_STATUSES as readonly string[]).includes(s);

const statusFormSchema = saleStatusChangeSchema.omit({ version: true }).superRefine((v, ctx) => {
  if (needsReason(v.status) && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: SALES_MESSAGES.cancelReasonRequired });
});
type StatusInput = { status: string; note: string };
type StatusValues = ReturnType<typeof statusFormSchema.parse>;

/** Codes of a change the process does not allow now (spec section 8, Sale: shown as the 'không đúng quy trình' alert). */
const DISALLOWED_CODES: readonly string[] = [ERROR_CODES.orderTransitionInvalid, ERROR_CODES.orderStatusInvalid, ERROR_CODES.shippingInfoRequired, ERROR_CODES.orderNotPaid];

/** Spec section 8, Sale: a disallowed change gives 'Không thể chuyển trạng thái này…', any other failure 'Đổi trạng thái thất bại.'. */
function statusProblem(err: unknown): WriteProblem {
  if (isConflict(err)) return { kind: 'conflict' };
  if (err instanceof ApiError && (DISALLOWED_CODES.includes(err.code ?? '') || err.status === 409)) {
    return { kind: 'message', text: SALES_MESSAGES.transitionInvalid, detail: err.code === ERROR_CODES.orderTransitionInvalid ? undefined : err.message };
  }
  return { kind: 'message', text: SALES_MESSAGES.statusChangeFailed, detail: err instanceof ApiError && err.status < 500 ? err.message : undefined };
}

/**
 * Status change: the select offers only the transitions allowed now (the others of the table are listed, disabled,
 * with the reason), an optional note (the reason, required to cancel). After a change the list opens on the tab of
 * the new status (spec section 4).
 */
export function StatusForm({ order, onReload, reloading }: { order: SaleOrderDto; onReload: () => void; reloading: boolean }) {
  const navigate = useNavigate();
  const confirm = useConfirmStep<StatusValues>();
  const allowed = order.allowedTransitions;
  // Nothing is chosen for the user: preselecting the first allowed change offered 'Yêu cầu huỷ' for a pending order
  // (a confirmation waiting for payment is blocked), one click away from a wrong change.
  const { form, problem, setProblem, sending, write } = useOrderForm<StatusInput, typeof statusFormSchema>(statusFormSchema, { status: '', note: '' });
  const { errors, isSubmitting } = form.formState;
  const chosen = form.watch('status');

  const send = async (values: StatusValues) => {
    setProblem(undefined);
    // The select offers allowed changes only; this guards a stale page all the same.
    if (!canTransition(order.status, values.status as OrderStatus)) {
      setProblem({ kind: 'message', text: SALES_MESSAGES.transitionInvalid });
      return;
    }
    const saved = await write(() => changeSaleOrderStatus(order.id, { ...values, version: order.version }), SALES_MESSAGES.statusUpdated, ['status', 'note'], statusProblem);
    if (saved) void navigate(saleListHref(saved.status));
  };

  const onValid = async (values: StatusValues) => {
    if (values.status === 'CANCELED') {
      confirm.ask(values);
      return;
    }
    await send(values);
  };

  const final = order.allowedTransitions.length === 0 && order.blockedTransitions.length === 0;

  return (
    <Card title="Cập nhật trạng thái" icon={<RefreshCwIcon size={18} />} actions={<OrderStatusBadge status={order.status} />} testId="status-form">
      {final ? (
        <p className="text-sm text-gray-600">
          Đơn hàng đã <strong>{ORDER_STATUS_LABELS[order.status].toLowerCase()}</strong>: đây là trạng thái cuối, không thể chuyển tiếp.
        </p>
      ) : (
        <form noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-4">
          <SelectField label="Trạng thái mới" required error={errors.status && !chosen ? 'Vui lòng chọn trạng thái mới.' : errors.status?.message} disabled={allowed.length === 0} {...form.register('status')}>
            <option value="" disabled>
              {allowed.length === 0 ? 'Chưa thể chuyển trạng thái' : 'Chọn trạng thái mới'}
            </option>
            {allowed.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
            {order.blockedTransitions.map((b) => (
              <option key={b.status} value={b.status} disabled>
                {ORDER_STATUS_LABELS[b.status]} (chưa đủ điều kiện)
              </option>
            ))}
          </SelectField>
          {order.blockedTransitions.length > 0 && (
            <ul className="space-y-1.5 rounded-lg bg-gray-50 px-3 py-2.5 text-xs text-gray-600">
              {order.blockedTransitions.map((b) => (
                <li key={b.status}>
                  <span className="font-semibold text-gray-800">{ORDER_STATUS_LABELS[b.status]}:</span> {b.message}
                </li>
              ))}
            </ul>
          )}
          <TextAreaField
            label={needsReason(chosen) ? 'Lý do' : 'Ghi chú'}
            required={needsReason(chosen)}
            placeholder={needsReason(chosen) ? 'Lý do huỷ đơn' : 'Ghi chú cho lần chuyển trạng thái (không bắt buộc)'}
            rows={2}
            error={errors.note?.message}
            {...form.register('note')}
          />
          <WriteFoot problem={problem} onReload={onReload} reloading={reloading} busy={isSubmitting || sending} busyText="Đang cập nhật…" disabled={allowed.length === 0}>
            Cập nhật trạng thái
          </WriteFoot>
        </form>
      )}
      {/* The dialog closes at once: the form's button shows the cancel being sent. */}
      <CancelOrderConfirm
        order={order}
        step={confirm}
        confirmText="Huỷ đơn hàng"
        busy={sending}
        onConfirm={(values) => {
          confirm.close();
          void send(values);
        }}
      />
    </Card>
  );
}
