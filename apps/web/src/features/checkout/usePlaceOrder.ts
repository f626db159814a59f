import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_METHOD_FLOWS, type CreateOrderInput } from '@nhasach/shared';
import { ApiError } from '../../api/client.ts';
import { createOrder, newIdempotencyKey } from '../../api/orders.ts';
import { errorText } from '../../components/ui/errorText.ts';
import { useViewer } from '../../lib/viewer.ts';
import { refreshCartAfterOrder } from '../cart/useCart.ts';
import type { OrderPlacedState } from './CheckoutPage.tsx';

/**
 * The checkout's order submission: places the order, refreshes the cart, then opens the order (cash on delivery),
 * its transfer page (VietQR) or the payment gateway. Pending until the shopper has left for one of them, so the
 * order button stays busy; `onRefused` gets the reason of an order that was not placed.
 */
export function usePlaceOrder(onRefused: (err: unknown, text: string) => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const viewer = useViewer();
  // One key per checkout attempt: a double click or a retry after a lost answer returns the same order.
  const idempotencyKey = useRef(newIdempotencyKey());
  const mutation = useMutation({
    mutationFn: async (body: CreateOrderInput) => {
      const order = await createOrder(body, idempotencyKey.current);
      if (!order?.code) throw new Error('Không nhận được mã đơn hàng');
      return order;
    },
    onError: (err) => {
      // A definite refusal means nothing was placed: the next try is a new attempt. Otherwise (network, 5xx) the
      // same key is kept so that a retry cannot place the order twice.
      if (err instanceof ApiError && err.status < 500) idempotencyKey.current = newIdempotencyKey();
      onRefused(err, errorText(err, 'Đặt hàng thất bại'));
    },
    onSuccess: async (order, body) => {
      await refreshCartAfterOrder(queryClient, viewer);
      const detail = `/orders/${encodeURIComponent(order.code)}`;
      const flow = PAYMENT_METHOD_FLOWS[body.paymentMethod];
      if (flow === 'ON_DELIVERY') {
        navigate(detail, { state: { placed: true } satisfies OrderPlacedState });
        return;
      }
      if (flow === 'TRANSFER') {
        navigate(`${detail}/chuyen-khoan`);
        return;
      }
      // The gateway's code loads for the shoppers who pay there.
      const payment = await import('./payment.ts').catch(() => undefined);
      try {
        if (!payment) throw new Error('Không tải được trang thanh toán');
        await payment.goToGateway(order.code);
      } catch (err) {
        // The order is placed: its page says the payment did not start and offers it again.
        const text = payment ? payment.startFailedText(err) : errorText(err, 'Đặt hàng thành công nhưng chưa mở được trang thanh toán.');
        navigate(detail, { state: { placed: true, paymentError: text } satisfies OrderPlacedState });
      }
    },
  });
  return mutation;
}
