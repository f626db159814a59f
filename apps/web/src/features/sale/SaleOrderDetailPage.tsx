import { useParams } from 'react-router';
import { ClipboardIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /sale/orders/:id — placeholder until the sales order detail is built. */
export function SaleOrderDetailPage() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      contained={false}
      title="Chi tiết đơn hàng"
      icon={<ClipboardIcon size={30} />}
      description="Thông tin giao hàng, thanh toán và xử lý đơn sẽ có tại đây."
      details={[{ label: 'Mã đơn', value: id }]}
    />
  );
}
