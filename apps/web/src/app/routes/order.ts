import { simpleHead } from '../../lib/head.ts';
import { originOf, type RouteLoader } from './load.ts';

/**
 * /orders/{code}: the page's frame (the heading with the order's code, its sections' titles) arrives rendered, so a
 * phone paints it before the app's scripts run; the order itself fills it once the browser has read it with the
 * shopper's session. Not for search engines.
 */
export const loader: RouteLoader = async (_client, { request, params }) => {
  const code = params.code ?? '';
  return {
    head: simpleHead(originOf(request), `/orders/${encodeURIComponent(code)}`, `Đơn hàng ${code}`, `Chi tiết đơn hàng ${code} tại Nhà Sách.`, 'noindex'),
  };
};
