import { SHIPMENT_STATUS_LABELS, type ShipmentDto, type ShipmentStatus } from '@nhasach/shared';
import { CircleAlertIcon, CircleCheckIcon, MapPinIcon, TruckIcon } from 'lucide-react';
import { Card } from '../../components/ui/Card.tsx';
import { StatusPill } from '../../components/ui/StatusPill.tsx';
import { formatDateTime } from '../../lib/books.ts';

/** The parcel's normal path; a failed or returned delivery ends it instead of the last step. */
const STEPS: ShipmentStatus[] = ['CREATED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED'];
const STOPPED: Partial<Record<ShipmentStatus, true>> = { FAILED: true, RETURNED: true };

const STATUS_TONE: Record<ShipmentStatus, string> = {
  CREATED: 'bg-gray-100 text-gray-700 ring-gray-200',
  PICKED_UP: 'bg-sky-50 text-sky-800 ring-sky-200',
  IN_TRANSIT: 'bg-amber-50 text-amber-800 ring-amber-200',
  DELIVERED: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  FAILED: 'bg-red-50 text-red-800 ring-red-200',
  RETURNED: 'bg-red-50 text-red-800 ring-red-200',
};

export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  return (
    <StatusPill testId="shipment-status" tone={STATUS_TONE[status]}>
      {SHIPMENT_STATUS_LABELS[status]}
    </StatusPill>
  );
}

/** The carrier's events, newest first, the latest marked as the parcel's current step. */
export function ShipmentEvents({ events }: { events: ShipmentDto['events'] }) {
  if (events.length === 0) return <p className="text-sm text-gray-500">Chưa có cập nhật từ đơn vị vận chuyển.</p>;
  const newestFirst = [...events].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <ol className="relative space-y-4 border-l-2 border-gray-100 pl-5" aria-label="Hành trình đơn hàng" data-testid="shipment-events">
      {newestFirst.map((e, i) => {
        const current = i === 0;
        const bad = !!STOPPED[e.status];
        return (
          <li key={`${e.at}-${e.status}-${i}`} className="relative" aria-current={current ? 'step' : undefined} data-testid="shipment-event">
            <span
              aria-hidden="true"
              className={`absolute top-1 -left-[27px] size-3 rounded-full ring-4 ${
                current ? (bad ? 'bg-red-600 ring-red-100' : 'bg-emerald-500 ring-emerald-100') : 'bg-gray-300 ring-white'
              }`}
            />
            <p className={`text-sm ${current ? 'font-semibold text-gray-900' : 'font-medium text-gray-700'}`}>
              {SHIPMENT_STATUS_LABELS[e.status]}
              {e.description && e.description !== SHIPMENT_STATUS_LABELS[e.status] && <span className="font-normal text-gray-600"> · {e.description}</span>}
            </p>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-gray-500">
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              {e.location && (
                <span className="inline-flex items-center gap-1">
                  <MapPinIcon size={12} aria-hidden="true" /> {e.location}
                </span>
              )}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

/** The order page's parcel: carrier, tracking code, where the parcel is on its way and the carrier's events. */
export function ShipmentTimeline({ shipment }: { shipment: ShipmentDto | null }) {
  if (!shipment) return null;
  const stopped = !!STOPPED[shipment.status];
  const reached = stopped ? Math.max(0, ...shipment.events.map((e) => STEPS.indexOf(e.status))) : STEPS.indexOf(shipment.status);
  return (
    <Card title="Vận chuyển" icon={<TruckIcon size={18} />} actions={<ShipmentStatusBadge status={shipment.status} />} testId="shipment-timeline">
      <dl className="mb-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs text-gray-500">Đơn vị vận chuyển</dt>
          <dd className="font-medium text-gray-900" data-testid="shipment-carrier">{shipment.carrierName}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-gray-500">Mã vận đơn</dt>
          <dd className="font-mono font-medium break-all text-gray-900" data-testid="shipment-tracking-code">{shipment.trackingCode}</dd>
        </div>
      </dl>
      <ol aria-label="Tiến trình giao hàng" className="mb-5 grid grid-cols-4 rounded-xl bg-gray-50 px-1 py-3">
        {STEPS.map((s, i) => {
          const done = i <= reached;
          const current = !stopped && i === reached;
          return (
            <li key={s} aria-current={current ? 'step' : undefined} className="relative flex flex-col items-center text-center">
              {i > 0 && <span aria-hidden="true" className={`absolute top-3.5 right-1/2 left-[-50%] h-0.5 ${done ? 'bg-emerald-500' : 'bg-gray-200'}`} />}
              <span
                className={`relative grid size-7 place-items-center rounded-full text-[11px] font-bold ring-4 ${
                  done ? 'bg-emerald-500 text-white' : 'bg-white text-gray-500 ring-gray-50'
                } ${current ? 'ring-emerald-100' : done ? 'ring-gray-50' : ''}`}
              >
                {done ? <CircleCheckIcon size={15} /> : i + 1}
              </span>
              <span className={`mt-1.5 px-0.5 text-[11px] leading-tight sm:text-xs ${current ? 'font-bold text-emerald-800' : done ? 'font-semibold text-gray-900' : 'text-gray-500'}`}>
                {SHIPMENT_STATUS_LABELS[s]}
              </span>
            </li>
          );
        })}
      </ol>
      {stopped && (
        <p role="status" className="mb-4 flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          <CircleAlertIcon size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
          {shipment.status === 'FAILED' ? 'Giao hàng chưa thành công, đơn vị vận chuyển sẽ liên hệ để giao lại.' : 'Đơn hàng đã được hoàn về cửa hàng.'}
        </p>
      )}
      <ShipmentEvents events={shipment.events} />
    </Card>
  );
}
