import { addressesQuery } from '../../api/addresses.ts';
import { paymentMethodsQuery } from '../../api/payments.ts';
import { cartQueryOptions } from '../../features/cart/api/get-cart.ts';
import { simpleHead } from '../../lib/head.ts';
import { originOf, ownPageLoad, type RouteLoader } from './load.ts';

/**
 * /checkout, a shopper's own page: rendered by the server for the session of the request's page cookie
 * (apps/server/src/modules/seo), with the cart, the address book and the payment methods read as that shopper, so a
 * phone paints the form before the app's scripts run. A checkout with a query (buy now, a gateway's return) is the
 * shell on the server, as before.
 */
export const loader: RouteLoader = async (client, { request }) => {
  if (typeof window === 'undefined' && new URL(request.url).search) return {};
  return ownPageLoad(
    (viewer) => [client.fetchQuery(cartQueryOptions(viewer)), client.fetchQuery(addressesQuery(viewer)), client.fetchQuery(paymentMethodsQuery())],
    () => simpleHead(originOf(request), '/checkout', 'Thanh toán', 'Thanh toán đơn hàng tại Nhà Sách.', 'noindex'),
  );
};
