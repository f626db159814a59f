import { orderQuery } from '../../api/orders.ts';
import { simpleHead } from '../../lib/head.ts';
import { originOf, storedViewerKey, type RouteLoader } from './load.ts';

/**
 * /orders/{code}, a shopper's own page: rendered by the server only for the session of the request's page cookie,
 * with the order read as that shopper (checkout.ts). An order the API does not show this shopper, a guest, or any
 * failure: the shell, and the browser shows what it shows today. In the browser the loader only starts the read.
 */
export const loader: RouteLoader = async (client, { params, request }) => {
  const viewer = storedViewerKey();
  const code = params.code ?? '';
  if (viewer === 'guest' || !code) return {};
  const read = orderQuery(viewer, code);
  if (typeof window !== 'undefined') {
    void client.prefetchQuery(read);
    return {};
  }
  try {
    await client.fetchQuery(read);
  } catch {
    return {};
  }
  return { head: simpleHead(originOf(request), `/orders/${encodeURIComponent(code)}`, `Đơn hàng ${code}`, 'Đơn hàng của bạn tại Nhà Sách.', 'noindex') };
};
