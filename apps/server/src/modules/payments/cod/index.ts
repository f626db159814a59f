import { formatVnd } from '@nhasach/shared';
import type { PaymentProviderDefinition } from '../provider.ts';

/** Cash on delivery: nothing to start or to wait for; the carrier collects the money and the order is PAID on DELIVERED. */
export const cod: PaymentProviderDefinition = {
  method: 'COD',
  paidHow: 'thanh toán khi nhận hàng',
  placedMailNote: () => 'Bạn thanh toán bằng tiền mặt khi nhận hàng.',
  deliveredMailLine: (order) => `Đã thu tiền mặt khi giao hàng: ${formatVnd(order.grandTotal)}`,
  create: () => ({
    ready: true,
    sandbox: null,
    assertCanPlace: () => undefined,
    paymentDeadline: () => null,
  }),
};
