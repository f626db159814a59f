import { ClipboardListIcon, PackageOpenIcon } from 'lucide-react';
import { BackOfficeShell } from '../../components/BackOfficeShell.tsx';

const ORDER_DETAIL_PATH = /^\/sale\/orders\/[^/]+\/?$/;
const RETURN_DETAIL_PATH = /^\/sale\/returns\/[^/]+\/?$/;

/**
 * /sale frame (spec section 2, Sales): breadcrumb rooted at /sale (Bán hàng › Đơn hàng › Chi tiết đơn hàng), the
 * order list in the sidebar, the stored user's name and the logout menu shared with the admin area.
 */
export function SaleLayout() {
  return (
    <BackOfficeShell
      title="Bán hàng"
      rootPath="/sale"
      nav={[
        { to: '/sale/orders', label: 'Đơn hàng', icon: <ClipboardListIcon size={18} /> },
        { to: '/sale/returns', label: 'Trả hàng', icon: <PackageOpenIcon size={18} /> },
      ]}
      crumbFor={(pathname) => (ORDER_DETAIL_PATH.test(pathname) ? 'Chi tiết đơn hàng' : RETURN_DETAIL_PATH.test(pathname) ? 'Chi tiết yêu cầu' : undefined)}
    />
  );
}
