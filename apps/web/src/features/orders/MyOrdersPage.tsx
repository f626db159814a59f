import { PackageIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /don-hang — placeholder until the customer's order list is built. */
export function MyOrdersPage() {
  return <PlaceholderPage title="Đơn hàng của tôi" icon={<PackageIcon size={30} />} description="Danh sách đơn hàng của bạn sẽ sớm hiển thị tại đây." />;
}
