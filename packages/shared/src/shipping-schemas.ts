// The shipping requests' schemas, apart from shipping.ts (types and labels the order page imports without Zod).
import { z } from 'zod';
import { QTY_MAX, QTY_MIN } from './constants.ts';
import { jsonId } from './input.ts';
import { SHIPPING_MESSAGES } from './shipping.ts';

const qtyMessage = `Số lượng phải từ ${QTY_MIN} đến ${QTY_MAX}.`;

/** POST /api/v1/shipping/quote: the address and the checkout's lines (at most 100 distinct books). */
export const shippingQuoteSchema = z.object({
  addressId: jsonId('Vui lòng chọn địa chỉ giao hàng.'),
  items: z
    .array(
      z.object({
        bookId: jsonId('Sản phẩm không hợp lệ.'),
        quantity: z.number({ error: qtyMessage }).int(qtyMessage).min(QTY_MIN, qtyMessage).max(QTY_MAX, qtyMessage),
      }),
      { error: SHIPPING_MESSAGES.noItems },
    )
    .min(1, SHIPPING_MESSAGES.noItems)
    .max(100, 'Tối đa 100 sản phẩm.'),
});
export type ShippingQuoteInput = z.input<typeof shippingQuoteSchema>;
