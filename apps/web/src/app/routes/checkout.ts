import { addressesQuery } from '../../api/addresses.ts';
import { paymentMethodsQuery } from '../../api/payments.ts';
import { cartQueryOptions } from '../../features/cart/api/get-cart.ts';
import { simpleHead } from '../../lib/head.ts';
import { originOf, storedViewerKey, type RouteLoader } from './load.ts';

/**
 * /checkout, a shopper's own page: rendered by the server only for the session of the request's page cookie
 * (apps/server/src/modules/seo), with the cart, the address book and the payment methods read as that shopper, so a
 * phone paints the form before the app's scripts run. A guest, a session the API refuses, or a checkout with a query
 * (buy now, a gateway's return) get the shell, and the browser renders the page as before. In the browser the
 * loader only starts the reads (a navigation does not wait for them).
 */
export const loader: RouteLoader = async (client, { request }) => {
  const viewer = storedViewerKey();
  if (viewer === 'guest') return {};
  const reads = () => [client.fetchQuery(cartQueryOptions(viewer)), client.fetchQuery(addressesQuery(viewer)), client.fetchQuery(paymentMethodsQuery())];
  if (typeof window !== 'undefined') {
    // Started, not awaited; a failure shows on the page, which reads them again.
    for (const read of reads()) read.catch(() => {});
    return {};
  }
  if (new URL(request.url).search) return {};
  try {
    await Promise.all(reads());
  } catch {
    return {};
  }
  return { head: simpleHead(originOf(request), '/checkout', 'Thanh toán', 'Thanh toán đơn hàng tại Nhà Sách.', 'noindex') };
};
