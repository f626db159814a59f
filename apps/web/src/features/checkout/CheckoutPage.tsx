import { CreditCardIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /checkout — placeholder until the order form is built. */
export function CheckoutPage() {
  return <PlaceholderPage title="Thanh toán" icon={<CreditCardIcon size={30} />} description="Trang đặt hàng đang được hoàn thiện." />;
}
