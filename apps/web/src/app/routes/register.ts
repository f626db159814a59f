import { simpleHead } from '../../lib/head.ts';
import { originOf, type RouteLoader } from './load.ts';

/** /dang-ky: the form arrives rendered (a phone shows it before the app's scripts run); not for search engines. */
export const loader: RouteLoader = async (_client, { request }) => ({
  head: simpleHead(originOf(request), '/dang-ky', 'Tạo tài khoản', 'Tạo tài khoản Nhà Sách để mua sắm nhanh hơn, lưu sách yêu thích và theo dõi đơn hàng.', 'noindex'),
});
