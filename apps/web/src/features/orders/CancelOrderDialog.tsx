import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CANCEL_REASON_MAX, CANCEL_REASON_REQUIRED, CANCEL_REASONS, joinCancelReasons, type OrderDto } from '@nhasach/shared';
import { cancelOrder } from '../../api/orders.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Dialog.tsx';
import { FieldErrorText } from '../../components/ui/Field.tsx';
import { errorText } from '../../components/ui/errorText.ts';

/**
 * Cancel dialog (spec section 5): the six preset reasons as checkboxes plus free text; at least one is needed;
 * they are sent joined with '; '.
 */
export function CancelOrderDialog({
  order,
  open,
  onClose,
  onCanceled,
}: {
  order: OrderDto;
  open: boolean;
  onClose: () => void;
  onCanceled: (order: OrderDto) => void;
}) {
  const [ticked, setTicked] = useState<string[]>([]);
  const [other, setOther] = useState('');
  const [invalid, setInvalid] = useState(false);
  const cancel = useMutation({
    mutationFn: (reason: string) => cancelOrder(order.code, reason.slice(0, CANCEL_REASON_MAX)),
    onSuccess: onCanceled,
  });
  const busy = cancel.isPending;
  const error = cancel.error ? errorText(cancel.error, 'Huỷ đơn thất bại') : undefined;
  const otherId = useId();
  const errorId = useId();
  const paid = order.paymentStatus === 'PAID';

  const toggle = (reason: string, on: boolean) => {
    setInvalid(false);
    setTicked((list) => (on ? [...list, reason] : list.filter((r) => r !== reason)));
  };

  const submit = () => {
    const reason = joinCancelReasons(
      CANCEL_REASONS.filter((r) => ticked.includes(r)),
      other,
    );
    if (!reason) {
      setInvalid(true);
      return;
    }
    cancel.mutate(reason);
  };

  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={`Huỷ đơn hàng ${order.code}`}
      description={
        paid
          ? 'Đơn hàng đã được thanh toán: yêu cầu huỷ sẽ được nhân viên xử lý và hoàn tiền cho bạn.'
          : 'Vui lòng cho chúng tôi biết lý do bạn muốn huỷ đơn hàng.'
      }
      widthClass="max-w-lg"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="space-y-4"
      >
        {error && (
          <Alert>
            <strong className="block">Huỷ đơn thất bại</strong>
            {error !== 'Huỷ đơn thất bại' && error}
          </Alert>
        )}
        <fieldset aria-describedby={invalid ? errorId : undefined}>
          <legend className="mb-2 text-sm font-semibold text-gray-800">Lý do huỷ đơn</legend>
          <div className="grid gap-2">
            {CANCEL_REASONS.map((r) => (
              <label
                key={r}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-gray-200 px-3 py-2.5 text-sm text-gray-800 transition-colors hover:border-brand-300 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/50"
              >
                <input type="checkbox" className="size-4 accent-brand-700" checked={ticked.includes(r)} onChange={(e) => toggle(r, e.target.checked)} />
                {r}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={otherId} className="mb-1.5 block text-sm font-medium text-gray-800">
            Lý do khác
          </label>
          <textarea
            id={otherId}
            rows={3}
            maxLength={CANCEL_REASON_MAX}
            value={other}
            onChange={(e) => {
              setInvalid(false);
              setOther(e.target.value);
            }}
            placeholder="Nhập lý do của bạn…"
            className="block w-full resize-y rounded-lg border border-gray-300 px-3.5 py-2.5 text-[15px] placeholder:text-gray-500 focus:border-brand-600 focus:ring-3 focus:ring-brand-600/15 focus:outline-none"
          />
        </div>
        {invalid && <FieldErrorText id={errorId}>{CANCEL_REASON_REQUIRED}</FieldErrorText>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Không huỷ
          </Button>
          <Button type="submit" busy={busy} busyText="Đang huỷ…" className="!bg-red-700 hover:!bg-red-800">
            {paid ? 'Gửi yêu cầu huỷ' : 'Xác nhận huỷ'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
