import { Link } from 'react-router';
import { formatVnd, type SaleOrderDto } from '@nhasach/shared';
import { PackageIcon } from 'lucide-react';
import { ImageWithFallback } from '../../../components/ImageWithFallback.tsx';
import { Card } from '../../../components/ui/Card.tsx';

function TotalRow({ label, value, strong = false, tone }: { label: string; value: string; strong?: boolean; tone?: 'discount' | 'refund' }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-gray-200 pt-3' : ''}`}>
      <dt className={strong ? 'text-base font-semibold text-gray-900' : 'text-sm text-gray-600'}>{label}</dt>
      <dd
        className={`tabular-nums ${strong ? 'text-xl font-bold text-brand-700' : 'text-sm font-medium'} ${
          tone === 'discount' ? 'text-emerald-700' : tone === 'refund' ? 'text-purple-700' : strong ? '' : 'text-gray-900'
        }`}
      >
        {value}
      </dd>
    </div>
  );
}

/** The ordered books (image, title, unit price, quantity, line total) and the order's totals. */
export function OrderItemsCard({ order }: { order: SaleOrderDto }) {
  return (
    <Card
      title="Sản phẩm"
      icon={<PackageIcon size={18} />}
      actions={<span className="text-sm text-gray-500">{order.totalQuantity} sản phẩm</span>}
      bodyClassName=""
      testId="order-items"
    >
      <ul className="divide-y divide-gray-100">
        {order.items.map((item) => {
          const discounted = item.unitPrice < item.originalUnitPrice;
          return (
            <li key={`${item.bookId}-${item.unitPrice}`} data-testid="order-item" className="flex gap-3 px-4 py-4 sm:gap-4 sm:px-5">
              <ImageWithFallback
                src={item.imageUrl ?? undefined}
                alt=""
                loading="lazy"
                className="h-20 w-14 shrink-0 rounded-md border border-gray-100 bg-gray-50 object-cover sm:h-24 sm:w-[4.5rem]"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-start sm:gap-4">
                <div className="min-w-0 flex-1">
                  {item.slug ? (
                    <Link
                      to={`/books/${encodeURIComponent(item.slug)}`}
                      target="_blank"
                      rel="noreferrer"
                      className="line-clamp-2 rounded text-sm font-semibold text-gray-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      {item.title}
                    </Link>
                  ) : (
                    <p className="line-clamp-2 text-sm font-semibold text-gray-900">{item.title}</p>
                  )}
                  <p className="mt-0.5 text-xs text-gray-500">
                    {[item.sku && `SKU ${item.sku}`, item.isbn && `ISBN ${item.isbn}`].filter(Boolean).join(' · ') || `Mã sách #${item.bookId}`}
                  </p>
                  <p className="mt-1 text-sm text-gray-700">
                    <span className="font-medium tabular-nums">{formatVnd(item.unitPrice)}</span>
                    {discounted && <span className="ml-1.5 text-xs text-gray-500 line-through tabular-nums">{formatVnd(item.originalUnitPrice)}</span>}
                    <span className="mx-1.5 text-gray-500">×</span>
                    <span className="tabular-nums" aria-label={`Số lượng ${item.qty}`}>
                      {item.qty}
                    </span>
                  </p>
                </div>
                <p className="text-sm font-semibold text-gray-900 tabular-nums sm:text-right">{formatVnd(item.lineTotal)}</p>
              </div>
            </li>
          );
        })}
      </ul>
      <dl className="space-y-2.5 border-t border-gray-100 bg-gray-50/60 px-4 py-4 sm:px-5" aria-label="Tổng tiền đơn hàng">
        <TotalRow label="Tạm tính" value={formatVnd(order.subtotal)} />
        <TotalRow label="Giảm giá" value={order.discountTotal > 0 ? `-${formatVnd(order.discountTotal)}` : formatVnd(0)} tone={order.discountTotal > 0 ? 'discount' : undefined} />
        {order.voucherCode && (
          <TotalRow
            label={`Mã giảm giá ${order.voucherCode}`}
            value={order.voucherDiscount > 0 ? `-${formatVnd(order.voucherDiscount)} (trong giảm giá)` : `Miễn phí vận chuyển (${formatVnd(order.shippingDiscount)})`}
            tone="discount"
          />
        )}
        <TotalRow label="Phí vận chuyển" value={order.shippingFee > 0 ? formatVnd(order.shippingFee) : 'Miễn phí'} />
        {order.taxTotal > 0 && <TotalRow label="Thuế" value={formatVnd(order.taxTotal)} />}
        <TotalRow label="Tổng cộng" value={formatVnd(order.grandTotal)} strong />
        {order.paidAmount > 0 && <TotalRow label="Đã thanh toán" value={formatVnd(order.paidAmount)} />}
        {order.refundedAmount > 0 && <TotalRow label="Đã hoàn tiền" value={`-${formatVnd(order.refundedAmount)}`} tone="refund" />}
      </dl>
    </Card>
  );
}
