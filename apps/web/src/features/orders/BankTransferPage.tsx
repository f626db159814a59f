import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BANK_TRANSFER_POLL_INTERVAL_MS, formatVnd, type BankTransferPaymentDto, type PaymentStatusDto } from '@nhasach/shared';
import { CheckIcon, CircleCheckIcon, ClipboardListIcon, Clock4Icon, ExternalLinkIcon, TriangleAlertIcon } from 'lucide-react';
import { ApiError } from '../../api/client.ts';
import { orderKeys } from '../../api/orders.ts';
import { fetchBankTransfer, fetchPaymentStatus } from '../../api/payments.ts';
import { Alert } from '../../components/Alert.tsx';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { buttonClass } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/EmptyState.tsx';
import { OrderNotFound } from './OrderNotFound.tsx';
import { formatDateTime } from '../../lib/books.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { useViewer } from '../../lib/viewer.ts';
import { errorText } from '../../components/ui/errorText.ts';

/**
 * /orders/{code}/chuyen-khoan: the VietQR payment of a bank-transfer order. The code, the shop's account with copy
 * buttons, the exact amount and the note, and a countdown to the payment deadline; the page asks for the order's
 * payment state every few seconds and turns paid by itself once the bank's notification has been applied.
 */
export function BankTransferPage() {
  const { code = '' } = useParams();
  useDocumentTitle(`Chuyển khoản đơn hàng ${code}`);
  const info = useQuery({
    queryKey: ['payments', 'bank-transfer', code],
    queryFn: ({ signal }) => fetchBankTransfer(code, signal),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    refetchOnWindowFocus: false,
  });

  return (
    <div className="page-container py-5 sm:py-8">
      <Breadcrumb
        items={[{ label: 'Đơn hàng của tôi', href: '/don-hang' }, { label: code, href: `/orders/${encodeURIComponent(code)}` }, { label: 'Chuyển khoản' }]}
        className="mb-4"
      />
      {info.isPending ? (
        <PageSkeleton />
      ) : info.isError ? (
        info.error instanceof ApiError && info.error.status === 404 ? (
          <OrderNotFound />
        ) : info.error instanceof ApiError && info.error.status === 409 ? (
          <EmptyState
            icon={<TriangleAlertIcon size={28} />}
            title="Đơn hàng không thanh toán bằng chuyển khoản"
            description={errorText(info.error, 'Đơn hàng này không thanh toán bằng chuyển khoản ngân hàng.')}
            action={
              <Link to={`/orders/${encodeURIComponent(code)}`} className={buttonClass('primary', 'md')}>
                Xem đơn hàng
              </Link>
            }
          />
        ) : (
          <ErrorState message={errorText(info.error, 'Không tải được thông tin chuyển khoản')} onRetry={() => void info.refetch()} retrying={info.isFetching} />
        )
      ) : (
        <TransferView info={info.data} />
      )}
    </div>
  );
}

type View = 'waiting' | 'paid' | 'expired' | 'closed';

function TransferView({ info }: { info: BankTransferPaymentDto }) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const remaining = useCountdown(info.expiresAt);
  const status = useQuery({
    queryKey: ['payments', 'status', info.orderCode],
    queryFn: ({ signal }) => fetchPaymentStatus(info.orderCode, signal),
    enabled: info.awaitingPayment,
    // Keep asking while the order waits; a failed poll is retried by the next one.
    refetchInterval: (q) => (q.state.data && !waiting(q.state.data) ? false : BANK_TRANSFER_POLL_INTERVAL_MS),
    refetchIntervalInBackground: true,
    retry: false,
  });
  const live = status.data;
  const paymentStatus = live?.paymentStatus ?? info.paymentStatus;
  const view: View =
    paymentStatus === 'PAID' || paymentStatus === 'REFUND_PENDING' || paymentStatus === 'REFUNDED' || info.paidAt
      ? 'paid'
      : (live ? !waiting(live) : !info.awaitingPayment)
        ? 'closed'
        : remaining !== null && remaining <= 0
          ? 'expired'
          : 'waiting';

  // The order's other views (detail, my orders) are stale once it is paid.
  const announced = useRef(false);
  useEffect(() => {
    if (view === 'paid' && !announced.current) {
      announced.current = true;
      void queryClient.invalidateQueries({ queryKey: orderKeys.all(viewer) });
    }
  }, [view, queryClient, viewer]);

  const orderHref = `/orders/${encodeURIComponent(info.orderCode)}`;
  if (view === 'paid') {
    return (
      <section
        aria-labelledby="transfer-paid-title"
        data-testid="bank-transfer-paid"
        className="mx-auto max-w-xl rounded-2xl border border-emerald-200 bg-white p-6 text-center shadow-sm sm:p-8"
      >
        <span className="mx-auto grid size-16 place-items-center rounded-full bg-emerald-50 text-emerald-600" aria-hidden="true">
          <CircleCheckIcon size={36} />
        </span>
        <h1 id="transfer-paid-title" className="mt-4 text-2xl font-bold text-gray-900">
          Thanh toán thành công
        </h1>
        <p className="mt-2 text-sm leading-relaxed text-gray-600" role="status">
          Nhà Sách đã nhận {formatVnd(info.amount)} cho đơn hàng <strong className="text-gray-900">{info.orderCode}</strong>. Cảm ơn bạn đã mua sắm tại Nhà Sách!
        </p>
        <div className="mt-6 flex flex-col justify-center gap-2.5 sm:flex-row">
          <Link to={orderHref} className={buttonClass('primary', 'md')}>
            Xem đơn hàng
          </Link>
          <Link to="/" className={buttonClass('outline', 'md')}>
            Tiếp tục mua sắm
          </Link>
        </div>
      </section>
    );
  }
  if (view === 'closed' || view === 'expired') {
    return (
      <EmptyState
        icon={<Clock4Icon size={28} />}
        title={view === 'expired' ? 'Đã hết thời hạn chuyển khoản' : 'Đơn hàng không còn chờ chuyển khoản'}
        description={
          view === 'expired'
            ? 'Đơn hàng sẽ được huỷ tự động. Nếu bạn đã chuyển khoản, cửa hàng sẽ liên hệ để hoàn tiền.'
            : 'Đơn hàng đã bị huỷ hoặc đã được xử lý. Nếu bạn đã chuyển khoản, cửa hàng sẽ liên hệ để hoàn tiền.'
        }
        action={
          <Link to={orderHref} className={buttonClass('primary', 'md')}>
            Xem đơn hàng
          </Link>
        }
      />
    );
  }

  return (
    <>
      <header className="mb-5">
        <h1 className="text-2xl font-bold text-gray-900">Chuyển khoản ngân hàng</h1>
        <p className="mt-1 text-sm text-gray-600">
          Đơn hàng <strong className="text-gray-900">{info.orderCode}</strong> · Quét mã VietQR bằng ứng dụng ngân hàng hoặc chuyển khoản theo thông tin bên dưới.
        </p>
      </header>
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,400px)_minmax(0,1fr)] lg:gap-6">
        <section aria-labelledby="qr-title" className="rounded-2xl border border-gray-200 bg-white p-5 text-center shadow-sm sm:p-6">
          <h2 id="qr-title" className="flex items-center justify-center gap-2 text-base font-bold text-gray-900">
            <span className="text-sm font-extrabold tracking-tight" aria-hidden="true">
              <span className="text-red-600">Viet</span>
              <span className="text-sky-700">QR</span>
            </span>
            Quét mã để thanh toán
          </h2>
          <div className="mx-auto mt-4 w-full max-w-[280px] rounded-2xl border-2 border-sky-100 bg-white p-3">
            <img
              src={info.qrImage}
              alt={`Mã VietQR: chuyển ${formatVnd(info.amount)} đến ${info.bankName} ${info.accountNo}, nội dung ${info.transferNote}`}
              width={256}
              height={256}
              className="block h-auto w-full"
              data-testid="vietqr-image"
            />
          </div>
          <p className="mt-3 text-2xl font-extrabold text-brand-700 tabular-nums">{formatVnd(info.amount)}</p>
          <p className="mt-1 text-xs text-gray-500">NAPAS 247 · {info.bankName}</p>
          {info.sandboxBankUrl && (
            <a href={info.sandboxBankUrl} target="_blank" rel="noopener" className={buttonClass('outline', 'sm', 'mt-4')} data-testid="sandbox-bank-link">
              <ExternalLinkIcon size={16} /> Mở ngân hàng thử nghiệm
            </a>
          )}
        </section>

        <div className="min-w-0 space-y-4">
          <WaitingBanner remaining={remaining} expiresAt={info.expiresAt} polling={status.isFetching} failing={status.isError} />
          <section aria-labelledby="account-title" className="rounded-2xl border border-gray-200 bg-white shadow-sm">
            <h2 id="account-title" className="border-b border-gray-100 px-4 py-3.5 text-base font-bold text-gray-900 sm:px-5">
              Thông tin chuyển khoản
            </h2>
            <dl className="divide-y divide-gray-100 px-4 sm:px-5">
              <Detail label="Ngân hàng" value={info.bankName} />
              <Detail label="Số tài khoản" value={info.accountNo} copy={info.accountNo} mono testId="transfer-account" />
              <Detail label="Chủ tài khoản" value={info.accountName} copy={info.accountName} />
              <Detail label="Số tiền" value={<span className="text-brand-700">{formatVnd(info.amount)}</span>} copy={String(info.amount)} testId="transfer-amount" />
              <Detail label="Nội dung" value={info.transferNote} copy={info.transferNote} mono testId="transfer-note" />
            </dl>
          </section>
          {live?.transferMismatch && (
            <Alert tone="warning">
              <span data-testid="transfer-mismatch">
                Cửa hàng đã nhận {formatVnd(live.transferMismatch.amount)}, không khớp số tiền của đơn hàng ({formatVnd(info.amount)}), nên chưa ghi nhận thanh toán.
                Nhân viên Nhà Sách sẽ liên hệ với bạn để xử lý.
              </span>
            </Alert>
          )}
          <Alert tone="info">
            Vui lòng chuyển <strong>đúng số tiền</strong> và ghi <strong>đúng nội dung {info.transferNote}</strong> để đơn hàng được xác nhận tự động. Chuyển sai số
            tiền sẽ được nhân viên kiểm tra và xử lý thủ công.
          </Alert>
          <p className="text-sm">
            <Link to={`/orders/${encodeURIComponent(info.orderCode)}`} className="font-semibold text-brand-700 hover:underline">
              Xem chi tiết đơn hàng
            </Link>
          </p>
        </div>
      </div>
    </>
  );
}

const waiting = (s: PaymentStatusDto) => s.status === 'PENDING' && (s.paymentStatus === 'UNPAID' || s.paymentStatus === 'PENDING');

function WaitingBanner({ remaining, expiresAt, polling, failing }: { remaining: number | null; expiresAt: string | null; polling: boolean; failing: boolean }) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="flex items-start gap-3" role="status" aria-live="polite">
        <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-full bg-white text-amber-700 ring-1 ring-amber-200" aria-hidden="true">
          {polling ? <Spinner className="size-[18px]" /> : <Clock4Icon size={18} />}
        </span>
        <div className="text-sm leading-relaxed text-amber-900">
          <p className="font-semibold" data-testid="bank-transfer-waiting">
            Đang chờ nhận chuyển khoản…
          </p>
          <p>{failing ? 'Mất kết nối, đang thử lại. Trang sẽ tự cập nhật khi nhận được tiền.' : 'Trang sẽ tự cập nhật khi cửa hàng nhận được tiền.'}</p>
        </div>
      </div>
      {expiresAt && remaining !== null && (
        <div className="shrink-0 text-left sm:text-right">
          <p className="text-xs text-amber-800">Thời hạn thanh toán còn</p>
          <p className="text-xl font-extrabold text-amber-900 tabular-nums" data-testid="transfer-countdown">
            <time dateTime={expiresAt} title={formatDateTime(expiresAt)}>
              {formatRemaining(remaining)}
            </time>
          </p>
          <p className="text-xs text-amber-800">đến {formatDateTime(expiresAt)}</p>
        </div>
      )}
    </div>
  );
}

function Detail({ label, value, copy, mono = false, testId }: { label: string; value: ReactNode; copy?: string; mono?: boolean; testId?: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-3">
      <dt className="shrink-0 text-sm text-gray-500">{label}</dt>
      <dd className="flex min-w-0 items-center justify-end gap-2">
        <span className={`min-w-0 text-right text-[15px] font-semibold text-gray-900 ${mono ? 'font-mono tracking-wide break-all' : 'break-words'}`} data-testid={testId}>
          {value}
        </span>
        {copy !== undefined && <CopyButton value={copy} label={label} />}
      </dd>
    </div>
  );
}

function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'done' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(t);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('done');
    } catch {
      setState('failed');
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      className="inline-flex h-9 min-w-9 shrink-0 items-center justify-center gap-1 rounded-lg border border-gray-200 bg-white px-2.5 text-xs font-semibold text-gray-700 transition-colors hover:border-brand-300 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      aria-label={`Sao chép ${label.toLowerCase()}`}
    >
      {state === 'done' ? <CheckIcon size={14} className="text-emerald-600" /> : <ClipboardListIcon size={14} />}
      {/* Phones: the icon alone leaves room for the value; the text is still read out. */}
      <span aria-live="polite" className="sr-only sm:not-sr-only">
        {state === 'done' ? 'Đã chép' : state === 'failed' ? 'Không chép được' : 'Sao chép'}
      </span>
    </button>
  );
}

/** Milliseconds left until `iso`, ticking every second; null without a deadline. */
function useCountdown(iso: string | null): number | null {
  const end = iso ? new Date(iso).getTime() : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (end === null) return;
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, [end]);
  return end === null ? null : Math.max(0, end - now);
}

/** 23:59:08, or 2 ngày 03:04:05 past a day. */
function formatRemaining(ms: number): string {
  const total = Math.floor(ms / 1000);
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hms = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days} ngày ${hms}` : hms;
}

function PageSkeleton() {
  return (
    <div role="status" aria-label="Đang tải thông tin chuyển khoản" className="grid items-start gap-5 lg:grid-cols-[minmax(0,400px)_minmax(0,1fr)] lg:gap-6">
      <Skeleton className="h-[420px] w-full rounded-2xl" />
      <div className="space-y-4">
        <Skeleton className="h-24 w-full rounded-2xl" />
        <Skeleton className="h-72 w-full rounded-2xl" />
      </div>
    </div>
  );
}
