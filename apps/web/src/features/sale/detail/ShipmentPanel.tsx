import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SHIPPING_MESSAGES, type SaleOrderDto } from '@nhasach/shared';
import { PackagePlusIcon, PrinterIcon, TruckIcon } from 'lucide-react';
import { saleKeys } from '../../../api/sales.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { errorText } from '../../../components/ui/errorText.ts';
import { useToast } from '../../../components/ui/Toast.tsx';
import { ShipmentEvents, ShipmentStatusBadge } from '../../orders/ShipmentTimeline.tsx';
import { createShipment, openPdf } from '../api/shipment.ts';

/**
 * The order's shipment with the shop's carrier: carrier, tracking code, status and the carrier's events, the label
 * to print; "Tạo vận đơn" when confirming did not create it (the carrier did not answer then). Nothing for an order
 * that has no shipment and cannot have one now (cancelled, or shipped by hand with the flat tariff).
 */
export function ShipmentPanel({ order }: { order: Pick<SaleOrderDto, 'id' | 'code' | 'status' | 'shipment' | 'shipsByCarrier' | 'canCreateShipment'> }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const create = useMutation({
    mutationFn: () => createShipment(order.id),
    onSuccess: async (shipment) => {
      queryClient.setQueryData<SaleOrderDto>(saleKeys.detail(order.id), (old) => (old ? { ...old, shipment } : old));
      toast.show(SHIPPING_MESSAGES.shipmentCreated);
      // The order's delivery facts (carrier, tracking code, fee) changed with it.
      await queryClient.invalidateQueries({ queryKey: saleKeys.detail(order.id) });
    },
  });
  const label = useMutation({ mutationFn: (path: string) => openPdf(path, `van-don-${order.code}.pdf`) });
  const s = order.shipment;
  if (!s && !(order.shipsByCarrier && order.status === 'PENDING') && !order.canCreateShipment) return null;

  return (
    <Card title="Vận đơn" icon={<TruckIcon size={18} />} actions={s ? <ShipmentStatusBadge status={s.status} /> : undefined} testId="sale-shipment">
      {s ? (
        <>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
            <div className="min-w-0">
              <dt className="text-xs text-gray-500">Đơn vị vận chuyển</dt>
              <dd className="mt-0.5 font-medium break-words text-gray-900">{s.carrierName}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-gray-500">Mã vận đơn</dt>
              <dd className="mt-0.5 font-mono font-medium break-all text-gray-900" data-testid="sale-shipment-tracking-code">
                {s.trackingCode}
              </dd>
            </div>
          </dl>
          {s.labelUrl && (
            <Button variant="outline" size="sm" className="mt-4" onClick={() => label.mutate(s.labelUrl!)} busy={label.isPending} busyText="Đang mở nhãn…">
              <PrinterIcon size={16} /> In nhãn
            </Button>
          )}
          {label.error && (
            <Alert className="mt-3">
              <p role="alert">{errorText(label.error, 'Không mở được nhãn vận đơn.')}</p>
            </Alert>
          )}
          <h3 className="mt-5 mb-3 text-xs font-semibold tracking-wide text-gray-500 uppercase">Hành trình</h3>
          <ShipmentEvents events={s.events} />
        </>
      ) : order.status === 'PENDING' ? (
        <p className="text-sm text-gray-600">Vận đơn được tạo với đơn vị vận chuyển khi đơn hàng được xác nhận.</p>
      ) : (
        <>
          <p className="text-sm text-gray-600">Đơn hàng chưa có vận đơn. Nếu đơn vị vận chuyển chưa nhận đơn khi xác nhận, hãy tạo vận đơn tại đây.</p>
          <Button size="sm" className="mt-3" onClick={() => create.mutate()} busy={create.isPending} busyText="Đang tạo…">
            <PackagePlusIcon size={16} /> Tạo vận đơn
          </Button>
          {create.error && (
            <Alert className="mt-3">
              <p role="alert">{errorText(create.error, 'Tạo vận đơn thất bại.')}</p>
            </Alert>
          )}
        </>
      )}
    </Card>
  );
}
