import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PAYMENT_BANNERS, formatVnd } from '@nhasach/shared';
import { CircleAlertIcon, CircleCheckIcon, Clock4Icon, PackageIcon } from 'lucide-react';
import { orderKeys } from '../../api/orders.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { goToGateway, providerName, resolvePaymentReturn, type PaymentOutcome } from './payment.ts';
import { useViewer } from '../../lib/viewer.ts';
import { errorText } from '../../components/ui/errorText.ts';

const TONES = {
  success: { ring: 'border-emerald-200', icon: 'bg-emerald-100 text-emerald-700', Icon: CircleCheckIcon },
  pending: { ring: 'border-amber-200', icon: 'bg-amber-100 text-amber-700', Icon: Clock4Icon },
  fail: { ring: 'border-red-200', icon: 'bg-red-100 text-red-700', Icon: CircleAlertIcon },
} as const;

function texts(o: PaymentOutcome): { title: string; body?: string; tone: keyof typeof TONES } {
  const p = providerName();
  switch (o.kind) {
    case 'checking':
      return { title: `Đang kiểm tra kết quả thanh toán ${p}…`, tone: 'pending' };
    case 'pending':
      return { title: PAYMENT_BANNERS.pending(p), body: 'Vui lòng đợi trong giây lát, hệ thống đang xác nhận giao dịch.', tone: 'pending' };
    case 'recorded':
      return { title: PAYMENT_BANNERS.recorded(p), body: 'Trạng thái thanh toán sẽ được cập nhật trong đơn hàng ngay khi có xác nhận.', tone: 'pending' };
    case 'success':
      return { title: PAYMENT_BANNERS.success(), body: 'Đơn hàng của bạn đã được thanh toán và đang chờ xác nhận.', tone: 'success' };
    case 'fail':
      return { title: PAYMENT_BANNERS.failed(p), body: o.message, tone: 'fail' };
    case 'unreadable':
      return { title: PAYMENT_BANNERS.unreadable(p), body: 'Bạn có thể xem trạng thái thanh toán trong chi tiết đơn hàng.', tone: 'fail' };
  }
}

/**
 * The payment-result banner on /checkout after the gateway (spec sections 2, 4 and 8): reads the result, polls
 * while it is pending, then offers the order, more shopping, and 'Thanh toán lại' while the order is payable.
 */
export function PaymentResult({ params, orderParam }: { params: Record<string, string>; orderParam: string | null }) {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<PaymentOutcome>({ kind: 'checking', orderCode: orderParam });
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<string>();
  const paramsKey = JSON.stringify(params);

  useEffect(() => {
    const ctrl = new AbortController();
    const query = JSON.parse(paramsKey) as Record<string, string>;
    void resolvePaymentReturn(query, orderParam, (o) => !ctrl.signal.aborted && setOutcome(o), ctrl.signal).then((o) => {
      if (ctrl.signal.aborted) return;
      setOutcome(o);
      // The order's page must not show what it knew before the payment.
      if (o.orderCode) void queryClient.invalidateQueries({ queryKey: orderKeys.all(viewer) });
    });
    return () => ctrl.abort();
  }, [paramsKey, orderParam, queryClient, viewer]);

  const { title, body, tone } = texts(outcome);
  const { ring, icon, Icon } = TONES[tone];
  const busy = outcome.kind === 'checking' || outcome.kind === 'pending';
  const code = outcome.orderCode;

  const payAgain = async () => {
    if (!code) return;
    setRetrying(true);
    setRetryError(undefined);
    try {
      await goToGateway(code);
    } catch (err) {
      setRetryError(errorText(err, PAYMENT_BANNERS.startFailed(providerName())));
      setRetrying(false);
    }
  };

  return (
    <section
      data-testid="payment-result"
      data-result={outcome.kind}
      aria-live="polite"
      className={`mx-auto max-w-2xl rounded-2xl border bg-white p-6 text-center shadow-sm sm:p-10 ${ring}`}
    >
      <div className={`mx-auto grid size-16 place-items-center rounded-full ${icon}`}>{busy ? <Spinner className="size-7" /> : <Icon size={32} />}</div>
      <h1 className="mt-5 text-xl font-bold text-gray-900 sm:text-2xl">
        {title}
      </h1>
      {body && <p className="mx-auto mt-2 max-w-md text-sm leading-relaxed text-gray-600">{body}</p>}
      {code && (
        <dl className="mx-auto mt-6 grid max-w-sm gap-2 rounded-xl bg-gray-50 p-4 text-left text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-gray-500">Mã đơn hàng</dt>
            <dd className="font-semibold text-gray-900">{code}</dd>
          </div>
          {outcome.amount != null && (
            <div className="flex justify-between gap-3">
              <dt className="text-gray-500">Số tiền</dt>
              <dd className="font-semibold text-gray-900">{formatVnd(outcome.amount)}</dd>
            </div>
          )}
          <div className="flex justify-between gap-3">
            <dt className="text-gray-500">Phương thức</dt>
            <dd className="font-semibold text-gray-900">{providerName()}</dd>
          </div>
        </dl>
      )}
      {retryError && (
        <Alert className="mx-auto mt-5 max-w-md text-left">{retryError}</Alert>
      )}
      <div className="mt-7 flex flex-col-reverse justify-center gap-2 sm:flex-row">
        <Link to="/" className={buttonClass('outline', 'md')}>
          Tiếp tục mua sắm
        </Link>
        {code && (
          <Link to={`/orders/${encodeURIComponent(code)}`} className={buttonClass(outcome.canPay ? 'outline' : 'primary', 'md')}>
            <PackageIcon size={18} /> Xem đơn hàng
          </Link>
        )}
        {code && outcome.canPay && (outcome.kind === 'fail' || outcome.kind === 'unreadable') && (
          <Button onClick={() => void payAgain()} busy={retrying}>
            Thanh toán lại
          </Button>
        )}
      </div>
    </section>
  );
}
