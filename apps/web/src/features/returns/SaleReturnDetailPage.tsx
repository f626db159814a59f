import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_METHOD_LABELS, RETURN_MESSAGES, formatVnd, type ReturnDto } from '@nhasach/shared';
import { ApiError } from '../../api/client.ts';
import { approveReturn, fetchReturn, receiveReturn, refundReturn, refuseReturn, returnKeys } from '../../api/returns.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/EmptyState.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { errorText } from '../../components/ui/errorText.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { ReturnSummary } from './ReturnSteps.tsx';

const idOf = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined);

/** /sale/returns/{id}: a return request with its lines, photos, the shopper's account, and the next step's buttons. */
export function SaleReturnDetailPage() {
  const id = idOf(useParams().id);
  useDocumentTitle(id ? `Yêu cầu trả hàng #${id}` : 'Yêu cầu trả hàng');
  const one = useQuery({
    queryKey: returnKeys.staffOne(id ?? 0),
    queryFn: ({ signal }) => fetchReturn(id!, signal),
    enabled: id !== undefined,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  if (id === undefined || (one.error instanceof ApiError && one.error.status === 404)) {
    return (
      <EmptyState
        className="mx-auto max-w-xl"
        title="Không tìm thấy yêu cầu trả hàng"
        action={
          <Link to="/sale/returns" className={buttonClass('primary', 'md')}>
            Về danh sách trả hàng
          </Link>
        }
      />
    );
  }
  if (one.isError) return <ErrorState className="mx-auto max-w-xl" message={errorText(one.error, 'Không tải được yêu cầu trả hàng')} onRetry={() => void one.refetch()} />;
  if (!one.data) return <Skeleton className="mx-auto h-96 max-w-3xl rounded-2xl" />;
  return <ReturnView r={one.data} />;
}

function ReturnView({ r }: { r: ReturnDto }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const act = useMutation({
    mutationFn: (step: 'approve' | 'refuse' | 'receive' | 'refund') =>
      step === 'approve' ? approveReturn(r.id) : step === 'refuse' ? refuseReturn(r.id, reason) : step === 'receive' ? receiveReturn(r.id) : refundReturn(r.id, note),
    onMutate: () => setError(undefined),
    onSuccess: (updated, step) => {
      queryClient.setQueryData(returnKeys.staffOne(r.id), updated);
      void queryClient.invalidateQueries({ queryKey: returnKeys.staffAll });
      void queryClient.invalidateQueries({ queryKey: ['sales', 'orders'] });
      setRefusing(false);
      toast.show(
        step === 'approve' ? RETURN_MESSAGES.approved : step === 'refuse' ? RETURN_MESSAGES.refused : step === 'receive' ? RETURN_MESSAGES.received : RETURN_MESSAGES.refunded,
      );
    },
    onError: (err) => {
      setError(errorText(err, 'Không thực hiện được. Vui lòng thử lại.'));
      void queryClient.invalidateQueries({ queryKey: returnKeys.staffOne(r.id) });
    },
  });
  const busy = act.isPending ? act.variables : undefined;
  const gateway = r.paymentMethod === 'VNPAY';

  return (
    <div className="mx-auto max-w-3xl space-y-4" data-testid="sale-return-detail">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold text-gray-900">Yêu cầu trả hàng #{r.id}</h1>
        <Link to={`/sale/orders/${r.orderId}`} className={buttonClass('outline', 'sm')}>
          Đơn hàng {r.orderCode}
        </Link>
      </div>
      <div className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
        <dl className="mb-3 grid gap-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline text-gray-500">Khách hàng: </dt>
            <dd className="inline font-medium">{r.customerName}</dd>
          </div>
          <div>
            <dt className="inline text-gray-500">Thanh toán: </dt>
            <dd className="inline font-medium">{PAYMENT_METHOD_LABELS[r.paymentMethod]}</dd>
          </div>
          {r.bankAccount && (
            <div className="sm:col-span-2" data-testid="return-bank">
              <dt className="inline text-gray-500">Hoàn về tài khoản: </dt>
              <dd className="inline font-medium">
                {r.bankAccount.bankName} · {r.bankAccount.accountNumber} · {r.bankAccount.accountHolder}
              </dd>
            </div>
          )}
        </dl>
        <ReturnSummary r={r} />
      </div>

      {error && <Alert>{error}</Alert>}

      <div className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5" aria-label="Xử lý yêu cầu">
        {r.status === 'REQUESTED' && !refusing && (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => act.mutate('approve')} busy={busy === 'approve'} busyText="Đang duyệt…" disabled={act.isPending}>
              Duyệt yêu cầu
            </Button>
            <Button variant="outline" onClick={() => setRefusing(true)} disabled={act.isPending}>
              Từ chối
            </Button>
          </div>
        )}
        {r.status === 'REQUESTED' && refusing && (
          <form
            className="space-y-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (!reason.trim()) return setError(RETURN_MESSAGES.refusalRequired);
              act.mutate('refuse');
            }}
          >
            <label htmlFor="refuse-reason" className="text-sm font-semibold text-gray-900">
              Lý do từ chối
            </label>
            <textarea id="refuse-reason" value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={500} className={`${inputClass} w-full py-2`} />
            <div className="flex gap-2">
              <Button type="submit" busy={busy === 'refuse'} busyText="Đang gửi…">
                Xác nhận từ chối
              </Button>
              <Button type="button" variant="outline" onClick={() => setRefusing(false)}>
                Huỷ
              </Button>
            </div>
          </form>
        )}
        {r.status === 'APPROVED' && (
          <div className="space-y-2">
            <p className="text-sm text-gray-600">Khi nhận được sách khách gửi trả, bấm "Đã nhận hàng": số lượng được cộng lại vào kho một lần.</p>
            <Button onClick={() => act.mutate('receive')} busy={busy === 'receive'} busyText="Đang ghi nhận…">
              Đã nhận hàng
            </Button>
          </div>
        )}
        {(r.status === 'RECEIVED' || r.status === 'REFUNDING') && (
          <div className="space-y-2">
            <p className="text-sm text-gray-600">
              {gateway
                ? `Hoàn ${formatVnd(r.amount)} qua VNPAY về thẻ, tài khoản khách đã thanh toán.`
                : `Chuyển khoản ${formatVnd(r.amount)} đến tài khoản khách cung cấp, rồi ghi nhận tại đây.`}
            </p>
            <label htmlFor="refund-note" className="text-sm font-semibold text-gray-900">
              Ghi chú (không bắt buộc)
            </label>
            <input id="refund-note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} className={`${inputClass} w-full`} />
            <Button onClick={() => act.mutate('refund')} busy={busy === 'refund' || r.status === 'REFUNDING'} busyText="Đang hoàn tiền…">
              {gateway ? 'Hoàn tiền qua VNPAY' : 'Ghi nhận đã chuyển khoản hoàn tiền'}
            </Button>
          </div>
        )}
        {(r.status === 'REFUNDED' || r.status === 'REFUSED') && <p className="text-sm text-gray-600">Yêu cầu đã xử lý xong.</p>}
      </div>
    </div>
  );
}
