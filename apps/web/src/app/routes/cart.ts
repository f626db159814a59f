import { simpleHead } from '../../lib/head.ts';
import { originOf, type RouteLoader } from './load.ts';

/**
 * /gio-hang: the page's frame (heading, the summary card's labels) arrives rendered, so a phone paints it before the
 * app's scripts run; the lines and amounts fill it once the browser has read the cart. Not for search engines.
 */
export const loader: RouteLoader = async (_client, { request }) => ({
  head: simpleHead(originOf(request), '/gio-hang', 'Giỏ hàng', 'Giỏ hàng của bạn tại Nhà Sách: chọn sách để đặt mua.', 'noindex'),
});
