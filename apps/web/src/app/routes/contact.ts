import { SITE_NAME } from '@nhasach/shared';
import { simpleHead } from '../../lib/head.ts';
import { originOf, type RouteLoader } from './load.ts';

/** /lien-he: the shop's address, phone, e-mail and the contact form. */
export const loader: RouteLoader = async (_client, { request }) => ({
  head: simpleHead(
    originOf(request),
    '/lien-he',
    'Liên hệ',
    `Liên hệ ${SITE_NAME}: địa chỉ cửa hàng, điện thoại, e-mail và biểu mẫu gửi câu hỏi về đơn hàng, sách và hợp tác.`,
  ),
});
