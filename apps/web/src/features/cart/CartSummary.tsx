import type { ReactNode } from 'react';
import { FREE_SHIPPING_THRESHOLD, formatVnd, type CartDto } from '@nhasach/shared';
import { InfoIcon, TruckIcon } from 'lucide-react';
import { SummaryRow } from './SummaryRow.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { SkeletonText } from '../../components/ui/EmptyState.tsx';

/**
 * How far the goods are from free STANDARD delivery (the store's promise, DESIGN.md). Without a total (the cart is
 * on its way) the box keeps its place with the line still to come.
 */
export function FreeShippingProgress({ merchandiseTotal }: { merchandiseTotal: number | undefined }) {
  if (merchandiseTotal !== undefined && merchandiseTotal <= 0) return null;
  const left = merchandiseTotal === undefined ? 0 : FREE_SHIPPING_THRESHOLD - merchandiseTotal;
  const pct = merchandiseTotal === undefined ? 0 : Math.min(100, Math.round((merchandiseTotal / FREE_SHIPPING_THRESHOLD) * 100));
  return (
    <div className="rounded-xl bg-emerald-50/70 p-3 text-xs text-emerald-800 ring-1 ring-emerald-100">
      <p className="flex items-center gap-1.5 font-medium">
        <TruckIcon size={15} className="shrink-0" />
        {merchandiseTotal === undefined ? (
          <SkeletonText className="h-3.5 w-3/4 bg-emerald-100" />
        ) : left > 0 ? (
          <span>
            Mua thêm <strong>{formatVnd(left)}</strong> để được miễn phí giao hàng tiêu chuẩn
          </span>
        ) : (
          <span>Đơn hàng được miễn phí giao hàng tiêu chuẩn</span>
        )}
      </p>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-emerald-100" aria-hidden="true">
        {/* No style attribute in the server's HTML (its CSP refuses one): the bar is drawn once there is a total. */}
        {merchandiseTotal !== undefined && <div className="h-full rounded-full bg-emerald-500 transition-[width]" style={{ width: `${pct}%` }} />}
      </div>
    </div>
  );
}

/**
 * An amount of the summary, or its place while the cart is on its way. `width`: the place's width, that of the
 * amount (beside a long hint an amount breaks to its narrowest, and the hint keeps the width it will have).
 */
const amount = (cart: CartDto | undefined, value: (cart: CartDto) => ReactNode, width = 'w-20') =>
  cart ? value(cart) : <SkeletonText className={`h-4 ${width}`} />;

/**
 * Spec section 2, Cart: subtotal, discount, shipping, tax, total, selected count and quantity, the checkout button.
 * Without a cart (it is on its way; the server renders the page so) the card shows its labels and hints with the
 * amounts' places, the same size as when they come.
 */
export function CartSummary({ cart, onCheckout, disabled }: { cart: CartDto | undefined; onCheckout: () => void; disabled: boolean }) {
  const nothing = !cart || cart.totalSelected === 0;
  return (
    <section aria-labelledby="cart-summary-title" className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="cart-summary-title" className="text-base font-bold text-gray-900">
        Tóm tắt đơn hàng
      </h2>
      <p className="mt-1 text-sm text-gray-500" data-testid="cart-selected-count">
        Đã chọn <strong className="text-gray-900">{cart ? cart.totalSelected : <SkeletonText className="h-4 w-3" />}</strong> sản phẩm ·{' '}
        <strong className="text-gray-900">{cart ? cart.totalQuantity : <SkeletonText className="h-4 w-3" />}</strong> cuốn
      </p>
      <dl className="mt-4 space-y-2.5">
        <SummaryRow label="Tạm tính" value={amount(cart, (c) => formatVnd(c.subtotal))} />
        <SummaryRow
          label="Giảm giá"
          hint={cart?.voucher?.applicable && cart.voucherDiscount > 0 ? `Gồm mã ${cart.voucher.code}: -${formatVnd(cart.voucherDiscount)}` : undefined}
          value={amount(cart, (c) => <span data-testid="cart-discount-total">{c.discountTotal > 0 ? `-${formatVnd(c.discountTotal)}` : formatVnd(0)}</span>)}
        />
        <SummaryRow
          label="Phí vận chuyển"
          hint={cart?.voucher?.applicable && cart.voucher.freeShipping ? `Miễn phí với mã ${cart.voucher.code}` : 'Ước tính giao tiêu chuẩn; phí theo địa chỉ tính ở bước thanh toán'}
          value={amount(cart, (c) => (!nothing && c.shippingFee === 0 ? <span className="text-emerald-700">Miễn phí</span> : formatVnd(c.shippingFee)), 'w-12')}
        />
        <SummaryRow label="Thuế" hint="Giá đã bao gồm VAT" value={amount(cart, (c) => formatVnd(c.taxTotal))} />
        <SummaryRow
          label="Tổng cộng"
          value={cart ? <span data-testid="cart-grand-total">{formatVnd(cart.grandTotal)}</span> : <SkeletonText className="h-6 w-28" />}
          strong
        />
      </dl>
      {cart?.voucher && !cart.voucher.applicable && cart.voucher.message && (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-100">
          Mã {cart.voucher.code} chưa được áp dụng: {cart.voucher.message}
        </p>
      )}
      <div className="mt-4">
        <FreeShippingProgress merchandiseTotal={cart?.merchandiseTotal} />
      </div>
      <p className="mt-3 flex items-start gap-1.5 text-xs text-gray-500">
        <InfoIcon size={14} className="mt-px shrink-0" />
        Chỉ những sản phẩm được chọn mới được đặt hàng.
      </p>
      <Button size="lg" fullWidth className="mt-4" disabled={nothing || disabled} onClick={onCheckout}>
        Mua hàng{cart ? ` (${cart.totalSelected})` : ''}
      </Button>
    </section>
  );
}
