import { FREE_SHIPPING_THRESHOLD, formatVnd, type CartDto } from '@nhasach/shared';
import { InfoIcon, TruckIcon } from 'lucide-react';
import { SummaryRow } from './SummaryRow.tsx';
import { Button } from '../../components/ui/Button.tsx';

/** How far the goods are from free STANDARD delivery (the store's promise, DESIGN.md). */
export function FreeShippingProgress({ merchandiseTotal }: { merchandiseTotal: number }) {
  if (merchandiseTotal <= 0) return null;
  const left = FREE_SHIPPING_THRESHOLD - merchandiseTotal;
  const pct = Math.min(100, Math.round((merchandiseTotal / FREE_SHIPPING_THRESHOLD) * 100));
  return (
    <div className="rounded-xl bg-emerald-50/70 p-3 text-xs text-emerald-800 ring-1 ring-emerald-100">
      <p className="flex items-center gap-1.5 font-medium">
        <TruckIcon size={15} className="shrink-0" />
        {left > 0 ? (
          <span>
            Mua thêm <strong>{formatVnd(left)}</strong> để được miễn phí giao hàng tiêu chuẩn
          </span>
        ) : (
          <span>Đơn hàng được miễn phí giao hàng tiêu chuẩn</span>
        )}
      </p>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-emerald-100" aria-hidden="true">
        <div className="h-full rounded-full bg-emerald-500 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/** Spec section 2, Cart: subtotal, discount, shipping, tax, total, selected count and quantity, the checkout button. */
export function CartSummary({ cart, onCheckout, disabled }: { cart: CartDto; onCheckout: () => void; disabled: boolean }) {
  const nothing = cart.totalSelected === 0;
  return (
    <section aria-labelledby="cart-summary-title" className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="cart-summary-title" className="text-base font-bold text-gray-900">
        Tóm tắt đơn hàng
      </h2>
      <p className="mt-1 text-sm text-gray-500" data-testid="cart-selected-count">
        Đã chọn <strong className="text-gray-900">{cart.totalSelected}</strong> sản phẩm · <strong className="text-gray-900">{cart.totalQuantity}</strong> cuốn
      </p>
      <dl className="mt-4 space-y-2.5">
        <SummaryRow label="Tạm tính" value={formatVnd(cart.subtotal)} />
        <SummaryRow
          label="Giảm giá"
          hint={cart.voucher?.applicable && cart.voucherDiscount > 0 ? `Gồm mã ${cart.voucher.code}: -${formatVnd(cart.voucherDiscount)}` : undefined}
          value={<span data-testid="cart-discount-total">{cart.discountTotal > 0 ? `-${formatVnd(cart.discountTotal)}` : formatVnd(0)}</span>}
        />
        <SummaryRow
          label="Phí vận chuyển"
          hint={cart.voucher?.applicable && cart.voucher.freeShipping ? `Miễn phí với mã ${cart.voucher.code}` : 'Ước tính giao tiêu chuẩn; phí theo địa chỉ tính ở bước thanh toán'}
          value={!nothing && cart.shippingFee === 0 ? <span className="text-emerald-700">Miễn phí</span> : formatVnd(cart.shippingFee)}
        />
        <SummaryRow label="Thuế" hint="Giá đã bao gồm VAT" value={formatVnd(cart.taxTotal)} />
        <SummaryRow label="Tổng cộng" value={<span data-testid="cart-grand-total">{formatVnd(cart.grandTotal)}</span>} strong />
      </dl>
      {cart.voucher && !cart.voucher.applicable && cart.voucher.message && (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-100">
          Mã {cart.voucher.code} chưa được áp dụng: {cart.voucher.message}
        </p>
      )}
      <div className="mt-4">
        <FreeShippingProgress merchandiseTotal={cart.merchandiseTotal} />
      </div>
      <p className="mt-3 flex items-start gap-1.5 text-xs text-gray-500">
        <InfoIcon size={14} className="mt-px shrink-0" />
        Chỉ những sản phẩm được chọn mới được đặt hàng.
      </p>
      <Button size="lg" fullWidth className="mt-4" disabled={nothing || disabled} onClick={onCheckout}>
        Mua hàng ({cart.totalSelected})
      </Button>
    </section>
  );
}
