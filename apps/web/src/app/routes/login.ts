import { simpleHead } from '../../lib/head.ts';
import { originOf, type RouteLoader } from './load.ts';

/** /dang-nhap: the form arrives rendered (a phone shows it before the app's scripts run); not for search engines. */
export const loader: RouteLoader = async (_client, { request }) => ({
  head: simpleHead(originOf(request), '/dang-nhap', 'Đăng nhập', 'Đăng nhập Nhà Sách để mua sách, theo dõi đơn hàng và lưu sách yêu thích.', 'noindex'),
});
