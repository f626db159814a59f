import { paymentMethodsQuery } from '../../api/payments.ts';
import { simpleHead } from '../../lib/head.ts';
import { gatewayParams } from '../../features/checkout/paymentReturn.ts';
import { originOf, type RouteLoader } from './load.ts';

/**
 * /checkout: the order form's frame (its steps, the payment methods the shop takes, the summary's labels) arrives
 * rendered, so a phone paints it before the app's scripts run; the shopper's address and lines fill it in the
 * browser. The methods are the shop's, not the shopper's: the server reads them for the render; in the browser the
 * page does not wait for them. Not for search engines.
 */
export const loader: RouteLoader = async (client, { request }) => {
  const methods = client.prefetchQuery(paymentMethodsQuery());
  if (typeof window === 'undefined') await methods;
  const title = gatewayParams(new URL(request.url).searchParams) ? 'Kết quả thanh toán' : 'Thanh toán';
  return { head: simpleHead(originOf(request), '/checkout', title, 'Thanh toán đơn hàng tại Nhà Sách.', 'noindex') };
};
