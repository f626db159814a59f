import { DELIVERY_METHOD_LABELS, formatVnd, SHIPPING_MESSAGES, type DeliveryMethod, type ShippingOptionDto } from '@nhasach/shared';
import { LoaderCircleIcon, RotateCwIcon, TruckIcon, ZapIcon } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { Skeleton } from '../../components/ui/EmptyState.tsx';
import { errorText } from '../../components/ui/errorText.ts';
import type { ShippingQuoteState } from './useShippingQuote.ts';

const QUOTE_ERROR = 'Không tính được phí giao hàng.';

function daysText({ min, max }: ShippingOptionDto['estimatedDays']): string {
  return min === max ? `Dự kiến nhận hàng trong ${min} ngày làm việc` : `Dự kiến nhận hàng trong ${min}-${max} ngày làm việc`;
}

/**
 * The delivery methods with the carrier's fee and estimated days for the chosen address and lines: a placeholder
 * while quoting, the carrier's refusal or a failure with a retry, and the previous address's options dimmed while
 * another address is quoted.
 */
export function ShippingOptions({
  shipping,
  hasAddress,
  method,
  onChange,
  freeShipping,
}: {
  shipping: ShippingQuoteState;
  hasAddress: boolean;
  method: DeliveryMethod | null;
  onChange: (method: DeliveryMethod) => void;
  /** A free-shipping voucher is applied: every option costs nothing. */
  freeShipping: boolean;
}) {
  const { query } = shipping;
  if (!hasAddress) return <p className="text-sm text-gray-600">Chọn địa chỉ nhận hàng để xem phí giao hàng.</p>;
  if (query.isError) {
    return (
      <div role="alert" data-testid="shipping-quote-error" className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-3.5 text-sm text-red-800 sm:flex-row sm:items-center">
        <p className="min-w-0 flex-1">
          <strong className="block">{QUOTE_ERROR}</strong>
          {errorText(query.error, '') || 'Vui lòng thử lại sau giây lát.'}
        </p>
        <Button variant="outline" size="sm" className="shrink-0" onClick={() => void query.refetch()} busy={query.isFetching} busyText="Đang tính lại…">
          <RotateCwIcon size={16} /> Thử lại
        </Button>
      </div>
    );
  }
  if (!query.data) {
    return (
      <div role="status" aria-label="Đang tính phí giao hàng" className="grid gap-2.5 sm:grid-cols-2">
        <span className="sr-only">Đang tính phí giao hàng…</span>
        <Skeleton className="h-[76px]" />
        <Skeleton className="h-[76px]" />
      </div>
    );
  }
  const quote = query.data;
  const updating = query.isPlaceholderData || query.isFetching;
  return (
    <fieldset aria-busy={updating} data-testid="shipping-options" data-carrier={quote.carrier}>
      <legend className="mb-3 flex w-full flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-gray-600">
        <span>
          Giao bởi <strong className="font-semibold text-gray-900" data-testid="shipping-carrier">{quote.carrierName}</strong>
        </span>
        {updating && (
          <span role="status" className="inline-flex items-center gap-1.5 text-xs text-gray-500">
            <LoaderCircleIcon size={14} className="animate-spin" aria-hidden="true" /> Đang tính phí cho địa chỉ này…
          </span>
        )}
      </legend>
      {shipping.feeChanged && (
        <p role="alert" className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {SHIPPING_MESSAGES.feeChanged}
        </p>
      )}
      <div className={`grid gap-2.5 sm:grid-cols-2 ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
        {quote.options.map((o) => {
          const fee = freeShipping ? 0 : o.fee;
          return (
            <label
              key={o.deliveryMethod}
              data-testid="shipping-option"
              data-method={o.deliveryMethod}
              data-fee={fee}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-gray-200 p-3.5 transition-colors hover:border-brand-300 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/40 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-600/20"
            >
              <input
                type="radio"
                name="delivery"
                checked={method === o.deliveryMethod}
                onChange={() => onChange(o.deliveryMethod)}
                className="size-4 shrink-0 accent-brand-700"
              />
              <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-gray-50 text-gray-700 ring-1 ring-gray-100" aria-hidden="true">
                {o.deliveryMethod === 'EXPRESS' ? <ZapIcon size={18} /> : <TruckIcon size={18} />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold text-gray-900">{DELIVERY_METHOD_LABELS[o.deliveryMethod]}</span>
                <span className="mt-0.5 block text-xs leading-relaxed text-gray-500">{daysText(o.estimatedDays)}</span>
              </span>
              <span className="shrink-0 text-sm">
                {fee === 0 ? <span className="font-semibold text-emerald-700">Miễn phí</span> : <span className="font-semibold text-gray-900 tabular-nums">{formatVnd(fee)}</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
