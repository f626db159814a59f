import { PhoneIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /lien-he — placeholder until the contact page is built. */
export function ContactPage() {
  return (
    <PlaceholderPage
      title="Liên hệ"
      icon={<PhoneIcon size={30} />}
      description="Cần hỗ trợ? Gọi 1900 6656 hoặc gửi thư tới hotro@nhasach.vn. Trang liên hệ chi tiết đang được hoàn thiện."
    />
  );
}
