import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { HeartIcon, KeyIcon, MapPinIcon, PackageIcon, UserIcon } from 'lucide-react';
import { Avatar } from '../../app/layout/AccountMenu.tsx';
import { useAuth } from '../auth/useAuth.ts';

const LINKS = [
  { to: '/tai-khoan/ho-so-cua-toi', label: 'Hồ sơ của tôi', icon: UserIcon },
  { to: '/tai-khoan/dia-chi', label: 'Địa chỉ', icon: MapPinIcon },
  { to: '/tai-khoan/doi-mat-khau', label: 'Đổi mật khẩu', icon: KeyIcon },
  { to: '/don-hang', label: 'Đơn hàng', icon: PackageIcon },
  { to: '/yeu-thich', label: 'Yêu thích', icon: HeartIcon },
] as const;

/** /tai-khoan frame: the side menu (a scrollable tab row on phones) and the current account screen. */
export function AccountLayout() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  // On phones the menu is a scrolling row: bring the current tab into view.
  useEffect(() => {
    const list = navRef.current?.querySelector('ul');
    const current = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (list && current && list.scrollWidth > list.clientWidth) {
      list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
    }
  }, [pathname]);
  return (
    <div className="page-container grid grid-cols-1 gap-5 py-6 sm:py-8 lg:grid-cols-[260px_1fr] lg:gap-7">
      <aside className="min-w-0 lg:sticky lg:top-32 lg:self-start">
        {user && (
          <div className="mb-4 hidden items-center gap-3 px-1 lg:flex">
            <Avatar user={user} className="size-12 text-lg" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-gray-900">{user.fullName ?? user.name}</p>
              <p className="truncate text-xs text-gray-500">{user.email}</p>
            </div>
          </div>
        )}
        <nav ref={navRef} aria-label="Tài khoản của tôi">
          <ul className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] lg:mx-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:rounded-2xl lg:border lg:border-gray-200 lg:bg-white lg:p-2 lg:shadow-sm">
            {LINKS.map(({ to, label, icon: Icon }) => (
              <li key={to} className="shrink-0">
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    `flex items-center gap-2.5 rounded-full border px-4 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 lg:rounded-xl lg:border-0 lg:px-3 lg:py-2.5 ${
                      isActive
                        ? 'border-brand-700 bg-brand-50 text-brand-700'
                        : 'border-gray-200 bg-white text-gray-700 hover:bg-gray-50 hover:text-brand-700 lg:bg-transparent'
                    }`
                  }
                >
                  <Icon size={18} />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
