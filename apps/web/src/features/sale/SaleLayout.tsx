import { BackOfficeShell } from '../../components/BackOfficeShell.tsx';
import { ClipboardIcon } from '../../components/icons.tsx';

/** /sale frame: breadcrumb root /sale, order list, logout menu. */
export function SaleLayout() {
  return <BackOfficeShell title="Bán hàng" rootPath="/sale" nav={[{ to: '/sale/orders', label: 'Đơn hàng', icon: <ClipboardIcon size={18} /> }]} />;
}
