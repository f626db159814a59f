import { CartIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /gio-hang — placeholder until the cart is built. */
export function CartPage() {
  return <PlaceholderPage title="Giỏ hàng" icon={<CartIcon size={30} />} description="Giỏ hàng của bạn sẽ sớm hiển thị tại đây." />;
}
