import { useId } from 'react';
import { SALES_MESSAGES, saleShippingSchema, SHIPPED_STATUSES, SHIPPING_CARRIERS, SHIPPING_FEE_MAX, type OrderStatus, type SaleOrderDto, formNumbers, SALE_NUMBER_FIELDS } from '@nhasach/shared';
import { TruckIcon } from 'lucide-react';
import { updateSaleOrderShipping } from '../../../api/sales.ts';
import { TextField } from '../../../components/ui/Field.tsx';
import { fromVietnamLocalInput, toVietnamLocalInput } from '../saleFormat.ts';
import { withDateMask } from '../../../components/DateInput.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { compactInput } from './fields.tsx';
import { useOrderForm, WriteFoot } from './orderWrite.tsx';

const shippingFormSchema = saleShippingSchema.omit({ version: true });
type ShippingInput = { fee: string; shippingCarrier: string; trackingCode: string; shippedAt: string };
type ShippingValues = ReturnType<typeof shippingFormSchema.parse>;

/** shippedAt is typed in Vietnam time (masked dd/mm/yyyy hh:mm) and sent as an ISO instant. */
const withShippedAt = (values: ShippingInput) => formNumbers({ ...values, shippedAt: fromVietnamLocalInput(values.shippedAt) ?? '' }, SALE_NUMBER_FIELDS);

/**
 * Carrier, tracking code, the carrier's fee and the hand-over time. Carrier and tracking code are needed before
 * the order can go to Đang giao; the hand-over time can be set once it has.
 */
export function ShippingForm({ order, onReload, reloading }: { order: SaleOrderDto; onReload: () => void; reloading: boolean }) {
  const listId = useId();
  const s = order.shipping;
  const shipped = (SHIPPED_STATUSES as readonly OrderStatus[]).includes(order.status);
  const { form, problem, write } = useOrderForm<ShippingInput, typeof shippingFormSchema>(
    shippingFormSchema,
    { fee: s.fee === null ? '' : String(s.fee), shippingCarrier: s.shippingCarrier ?? '', trackingCode: s.trackingCode ?? '', shippedAt: toVietnamLocalInput(s.shippedAt) },
    withShippedAt,
  );
  const { errors, isSubmitting } = form.formState;

  const onValid = async (values: ShippingValues) => {
    // A blank hand-over time leaves it as it is (the server stamps it when the order goes to Đang giao).
    const body = { ...values, shippedAt: shipped ? (values.shippedAt ?? undefined) : undefined, version: order.version };
    await write(() => updateSaleOrderShipping(order.id, body), SALES_MESSAGES.shippingUpdated, ['fee', 'shippingCarrier', 'trackingCode', 'shippedAt'], 'Cập nhật vận chuyển thất bại.');
  };

  return (
    <Card title="Vận chuyển" icon={<TruckIcon size={18} />} testId="shipping-form">
      {!order.canEditShipping ? (
        <p className="rounded-lg bg-gray-50 px-3 py-2.5 text-sm text-gray-600">{SALES_MESSAGES.shippingClosed}</p>
      ) : (
        <form noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-4">
          {!s.trackingCode && ['CONFIRMED', 'PROCESSING'].includes(order.status) && (
            <p className="rounded-lg bg-sky-50 px-3 py-2 text-xs text-sky-900">Nhập đơn vị vận chuyển và mã vận đơn trước khi chuyển đơn sang Đang giao.</p>
          )}
          <TextField label="Đơn vị vận chuyển" required list={listId} autoComplete="off" className={compactInput} error={errors.shippingCarrier?.message} {...form.register('shippingCarrier')} />
          <datalist id={listId}>
            {SHIPPING_CARRIERS.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <TextField label="Mã vận đơn" required autoComplete="off" className={`${compactInput} font-mono`} error={errors.trackingCode?.message} {...form.register('trackingCode')} />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
            <TextField
              label="Phí nhà vận chuyển (₫)"
              type="number"
              inputMode="numeric"
              min={0}
              max={SHIPPING_FEE_MAX}
              step={1000}
              hint="Không bắt buộc"
              className={compactInput}
              error={errors.fee?.message}
              {...form.register('fee')}
            />
            <TextField
              label="Giao cho vận chuyển lúc"
              inputMode="numeric"
              autoComplete="off"
              maxLength={16}
              placeholder="dd/mm/yyyy hh:mm"
              disabled={!shipped}
              hint={shipped ? 'Giờ Việt Nam' : 'Nhập khi đơn đã Đang giao'}
              className={compactInput}
              error={errors.shippedAt?.message}
              {...withDateMask(form.register('shippedAt'), true)}
            />
          </div>
          <WriteFoot problem={problem} onReload={onReload} reloading={reloading} variant="secondary" busy={isSubmitting} busyText="Đang lưu…">
            Lưu thông tin vận chuyển
          </WriteFoot>
        </form>
      )}
    </Card>
  );
}
