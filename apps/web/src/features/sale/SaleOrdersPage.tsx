import { ClipboardIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /sale/orders — placeholder until the sales order list is built. */
export function SaleOrdersPage() {
  return (
    <PlaceholderPage
      contained={false}
      title="Quản lý đơn hàng"
      icon={<ClipboardIcon size={30} />}
      description="Danh sách đơn hàng theo trạng thái sẽ có tại đây."
    />
  );
}
