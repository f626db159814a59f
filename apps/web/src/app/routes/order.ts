import { orderQuery } from '../../api/orders.ts';
import { simpleHead } from '../../lib/head.ts';
import { notFound, originOf, ownPageLoad, type RouteLoader } from './load.ts';

/**
 * /orders/{code}, a shopper's own page: rendered by the server for the session of the request's page cookie, with
 * the order read as that shopper (load.ts, ownPageLoad). An order the API does not show this shopper: the shell, and
 * the browser shows what it shows today.
 */
export const loader: RouteLoader = async (client, { params, request }) => {
  const code = params.code ?? notFound();
  return ownPageLoad(
    (viewer) => [client.fetchQuery(orderQuery(viewer, code))],
    () => simpleHead(originOf(request), `/orders/${encodeURIComponent(code)}`, `Đơn hàng ${code}`, 'Đơn hàng của bạn tại Nhà Sách.', 'noindex'),
  );
};
