import { Logo } from '../../components/Logo.tsx';
import { useCartCount } from '../../features/cart/useCartCount.ts';
import { cartBadgeText } from '@nhasach/shared';
import { HeadphonesIcon, HouseIcon, PhoneIcon, ShieldCheckIcon, ShoppingCartIcon, TruckIcon } from 'lucide-react';
import { AccountMenu } from './AccountMenu.tsx';
import { CategoryMenu } from './CategoryMenu.tsx';
import { HeaderActionNav, type HeaderActionItem } from './HeaderActionNav.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { SearchForm } from './SearchForm.tsx';

function useHeaderItems(): HeaderActionItem[] {
  const count = useCartCount();
  const badge = cartBadgeText(count);
  return [
    { href: '/', label: 'Trang chủ', ariaLabel: 'Trang chủ', icon: <HouseIcon size={20} /> },
    { href: '/lien-he', label: 'Liên hệ', ariaLabel: 'Liên hệ', icon: <PhoneIcon size={20} /> },
    {
      href: '/gio-hang',
      label: 'Giỏ hàng',
      ariaLabel: badge ? `Giỏ hàng, ${badge} sản phẩm` : 'Giỏ hàng',
      icon: <ShoppingCartIcon size={20} />,
      badge,
    },
  ];
}

/** Store header: promise strip, then logo, categories, search, quick links, cart and account. */
export function Header() {
  const items = useHeaderItems();
  const cart = items[2]!;
  return (
    <header className="sticky top-0 z-40 bg-white shadow-[0_1px_0_rgb(0_0_0/0.06)]">
      {/* The promise strip: not on phones, where the header must stay short (the footer shows the promises). */}
      <div className="bg-brand-800 text-brand-50 max-sm:hidden">
        <div className="page-container flex h-8 items-center justify-center gap-6 text-xs font-medium sm:justify-between">
          <p className="flex items-center gap-1.5">
            <TruckIcon size={14} /> Miễn phí giao hàng cho đơn từ 500.000₫
          </p>
          <p className="hidden items-center gap-1.5 sm:flex">
            <HeadphonesIcon size={14} /> Hỗ trợ 24/7:{' '}
            <a href="tel:19006656" className="underline-offset-2 hover:underline">
              1900 6656
            </a>
          </p>
          <p className="hidden items-center gap-1.5 md:flex">
            <ShieldCheckIcon size={14} /> Thanh toán an toàn: COD, VNPAY, VietQR
          </p>
        </div>
      </div>

      {/* Desktop */}
      <div className="page-container hidden h-[76px] items-center gap-4 lg:flex">
        <Logo />
        <CategoryMenu />
        <SearchForm className="flex-1" />
        <HeaderActionNav items={items} />
        <AccountMenu />
      </div>

      {/* Mobile and tablet */}
      <div className="lg:hidden">
        <div className="page-container flex h-13 items-center gap-1">
          <MobileMenu items={items} />
          <div className="ml-1 flex-1">
            <Logo compact />
          </div>
          <CategoryMenu compact />
          <HeaderActionNav items={[{ ...cart, label: 'Giỏ hàng' }]} label="Giỏ hàng" />
          <AccountMenu compact />
        </div>
        <div className="page-container pb-2">
          <SearchForm />
        </div>
      </div>
    </header>
  );
}
