import { useParams } from 'react-router';
import { PackageIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /orders/:code — placeholder until the order detail is built. */
export function OrderDetailPage() {
  const { code = '' } = useParams();
  return (
    <PlaceholderPage
      title="Chi tiết đơn hàng"
      icon={<PackageIcon size={30} />}
      description="Thông tin đơn hàng sẽ sớm hiển thị tại đây."
      details={[{ label: 'Mã đơn', value: code }]}
    />
  );
}
