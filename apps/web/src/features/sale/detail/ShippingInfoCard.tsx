import { DELIVERY_METHOD_LABELS, formatVnd, PAYMENT_METHOD_LABELS, type SaleOrderDto } from '@nhasach/shared';
import { MapPinIcon } from '../../../components/icons.tsx';
import { Card, Fact } from './Card.tsx';
import { formatDateTime } from '../saleFormat.ts';

const dash = <span className="font-normal text-gray-400">Chưa có</span>;

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
        <dl className="space-y-2.5">
          <Fact label="Khách hàng">
            {order.customerName}
            {order.customerEmail && <span className="block text-xs font-normal break-all text-gray-500">{order.customerEmail}</span>}
          </Fact>
          <Fact label="Thanh toán">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</Fact>
          <Fact label="Giao hàng">
            {DELIVERY_METHOD_LABELS[s.deliveryMethod]}
            <span className="font-normal text-gray-500"> · phí khách trả {order.shippingFee > 0 ? formatVnd(order.shippingFee) : 'miễn phí'}</span>
          </Fact>
          <Fact label="Đơn vị vận chuyển">{s.shippingCarrier ?? dash}</Fact>
          <Fact label="Mã vận đơn">{s.trackingCode ? <span className="font-mono">{s.trackingCode}</span> : dash}</Fact>
          {s.fee !== null && <Fact label="Phí nhà vận chuyển">{formatVnd(s.fee)}</Fact>}
          <Fact label="Giao cho vận chuyển">{s.shippedAt ? formatDateTime(s.shippedAt) : dash}</Fact>
          {s.deliveredAt && <Fact label="Đã giao lúc">{formatDateTime(s.deliveredAt)}</Fact>}
        </dl>
      </div>
      {order.cancelReason && (
        <div className="mt-4 rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-800">
          <span className="font-semibold">Lý do huỷ: </span>
          {order.cancelReason}
        </div>
      )}
    </Card>
  );
}
