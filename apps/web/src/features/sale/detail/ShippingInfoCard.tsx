import type { ReactNode } from 'react';
import { DELIVERY_METHOD_LABELS, formatVnd, PAYMENT_METHOD_LABELS, type SaleOrderDto } from '@nhasach/shared';
import { MapPinIcon } from 'lucide-react';
import { Card } from '../../../components/ui/Card.tsx';
import { formatDateTime } from '../saleFormat.ts';

const dash = <span className="font-normal text-gray-500">Chưa có</span>;

/** A fact with its label above (these sit in narrow grid cells). */
function Stacked({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium break-words text-gray-900">{children}</dd>
    </div>
  );
}

/** Receiver, address, the customer's note, the ordering account and the delivery facts. */
export function ShippingInfoCard({ order }: { order: SaleOrderDto }) {
  const a = order.shippingAddress;
  const s = order.shipping;
  return (
    <Card title="Thông tin giao hàng" icon={<MapPinIcon size={18} />} testId="shipping-info">
      <div className="grid gap-5 md:grid-cols-2">
        <div>
          <h3 className="mb-2.5 text-xs font-semibold tracking-wide text-gray-500 uppercase">Người nhận</h3>
          <address className="space-y-1 text-sm text-gray-800 not-italic">
            <p className="text-base font-semibold text-gray-900">{a.receiverName}</p>
            <p>
              <a href={`tel:${a.receiverPhone.replace(/\s+/g, '')}`} className="rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
                {a.receiverPhone}
              </a>
            </p>
            {a.receiverEmail && (
              <p className="break-all">
                <a href={`mailto:${a.receiverEmail}`} className="rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
                  {a.receiverEmail}
                </a>
              </p>
            )}
            <p className="pt-1 leading-relaxed text-gray-700">
              {a.line1}
              {a.line2 ? `, ${a.line2}` : ''}
              <br />
              {[a.ward, a.district, a.province].filter(Boolean).join(', ')}
            </p>
          </address>
          {order.note && (
            <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <span className="font-semibold">Ghi chú của khách: </span>
              {order.note}
            </div>
          )}
        </div>
        <dl className="grid content-start gap-3 sm:grid-cols-2 md:grid-cols-1">
          <Stacked label="Khách hàng">
            {order.customerName}
            {order.customerEmail && <span className="block text-xs font-normal break-all text-gray-500">{order.customerEmail}</span>}
            {order.customerPhone && order.customerPhone !== a.receiverPhone && <span className="block text-xs font-normal text-gray-500">{order.customerPhone}</span>}
          </Stacked>
          <Stacked label="Thanh toán">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</Stacked>
        </dl>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-gray-100 pt-4 sm:grid-cols-3">
        <Stacked label="Giao hàng">
          {DELIVERY_METHOD_LABELS[s.deliveryMethod]}
          <span className="block text-xs font-normal text-gray-500">Khách trả {order.shippingFee > 0 ? formatVnd(order.shippingFee) : 'miễn phí'}</span>
        </Stacked>
        <Stacked label="Đơn vị vận chuyển">{s.shippingCarrier ?? dash}</Stacked>
        <Stacked label="Mã vận đơn">{s.trackingCode ? <span className="font-mono">{s.trackingCode}</span> : dash}</Stacked>
        <Stacked label="Phí nhà vận chuyển">{s.fee !== null ? formatVnd(s.fee) : dash}</Stacked>
        <Stacked label="Giao cho vận chuyển">{s.shippedAt ? formatDateTime(s.shippedAt) : dash}</Stacked>
        <Stacked label="Đã giao lúc">{s.deliveredAt ? formatDateTime(s.deliveredAt) : dash}</Stacked>
      </dl>
      {order.cancelReason && (
        <div className="mt-4 rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-800">
          <span className="font-semibold">Lý do huỷ: </span>
          {order.cancelReason}
        </div>
      )}
    </Card>
  );
}
