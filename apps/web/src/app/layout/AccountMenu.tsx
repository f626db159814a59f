import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { hasAnyRole } from '@nhasach/shared';
import { ChevronDownIcon, ClipboardListIcon, HeartIcon, LayoutDashboardIcon, LogOutIcon, PackageIcon, UserIcon } from 'lucide-react';
import { mediaUrl } from '../../api/client.ts';
import { allRoles, type SessionUser } from '../../features/auth/session.ts';
import { useAuth } from '../../features/auth/useAuth.ts';
import { ADMIN_ROLES, SALE_ROLES } from '../access.ts';
import { Menu, type MenuLink } from '../../components/ui/Menu.tsx';

export interface AccountLink {
  href: string;
  label: string;
  icon: ReactNode;
}

/** Links of the account menu; staff get their back-office entry first. */
export function accountLinks(user: SessionUser): AccountLink[] {
  const roles = allRoles(user);
  const links: AccountLink[] = [];
  if (hasAnyRole(roles, ADMIN_ROLES)) links.push({ href: '/admin', label: 'Trang quản trị', icon: <LayoutDashboardIcon size={18} /> });
  if (hasAnyRole(roles, SALE_ROLES)) links.push({ href: '/sale/orders', label: 'Quản lý đơn hàng', icon: <ClipboardListIcon size={18} /> });
  links.push(
    { href: '/tai-khoan/ho-so-cua-toi', label: 'Quản lý tài khoản', icon: <UserIcon size={18} /> },
    { href: '/yeu-thich', label: 'Yêu thích', icon: <HeartIcon size={18} /> },
    { href: '/don-hang', label: 'Đơn hàng của tôi', icon: <PackageIcon size={18} /> },
  );
  return links;
}

export function Avatar({ user, className = 'size-8 text-sm' }: { user: SessionUser; className?: string }) {
  if (user.avatarUrl) return <img src={mediaUrl(user.avatarUrl)} alt="" className={`${className} rounded-full object-cover`} />;
  const initial = (user.fullName ?? user.name).trim().charAt(0).toUpperCase() || 'N';
  // The initial is a picture, drawn by CSS: it is no text of the account button, whose name must contain what the
  // button shows (WCAG 2.5.3).
  return (
    <span
      aria-hidden="true"
      data-initial={initial}
      className={`${className} grid shrink-0 place-items-center rounded-full bg-brand-700 font-bold text-white before:content-[attr(data-initial)]`}
    />
  );
}

/**
 * Account button of the header. Logged out it links to /dang-ky; logged in it opens a menu on hover (closing
 * 120 ms after the pointer leaves), on click and from the keyboard (arrows move, Escape closes it).
 */
export function AccountMenu({ compact = false }: { compact?: boolean }) {
  const { user, logout } = useAuth();

  if (!user) {
    return (
      <Link
        to="/dang-ky"
        aria-label="Tài khoản: đăng ký hoặc đăng nhập"
        className="inline-flex h-11 items-center gap-2 rounded-full px-3 text-sm font-medium text-gray-700 transition-colors hover:bg-gray-100 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <UserIcon size={22} />
        {!compact && (
          <span className="text-left leading-tight">
            <span className="block">Tài khoản</span>{' '}
            <span className="block text-xs font-normal text-gray-500">Đăng ký</span>
          </span>
        )}
      </Link>
    );
  }

  const items: MenuLink[] = [
    ...accountLinks(user).map((link) => ({ href: link.href, label: link.label, icon: <span className="text-gray-500">{link.icon}</span> })),
    {
      label: 'Đăng xuất',
      icon: (
        <span className="text-gray-500">
          <LogOutIcon size={18} />
        </span>
      ),
      onSelect: () => void logout(),
      separated: true,
    },
  ];

  return (
    <Menu
      hover
      className="relative"
      buttonLabel={() => `Tài khoản của ${user.name}`}
      buttonClassName={(open) =>
        `inline-flex h-11 items-center gap-2 rounded-full pr-2.5 pl-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          open ? 'bg-gray-100 text-brand-700' : 'text-gray-700 hover:bg-gray-100'
        }`
      }
      button={(open) => (
        <>
          <Avatar user={user} />
          {!compact && <span className="max-w-[120px] truncate">{user.name}</span>}
          <ChevronDownIcon size={16} className={`transition-transform ${open ? 'rotate-180' : ''}`} />
        </>
      )}
      panelClassName="animate-drop-in absolute top-full right-0 z-50 w-64 pt-2"
      cardClassName="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-xl shadow-gray-900/10"
      listClassName="p-1.5"
      header={
        <div className="flex items-center gap-3 border-b border-gray-100 bg-gray-50 px-4 py-3">
          <Avatar user={user} className="size-10 text-base" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-gray-900">{user.fullName ?? user.name}</p>
            {user.email && <p className="truncate text-xs text-gray-500">{user.email}</p>}
          </div>
        </div>
      }
      items={items}
      itemClassName="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm text-gray-700 hover:bg-brand-50 hover:text-brand-700 data-focus:bg-brand-50 data-focus:text-brand-700 data-focus:outline-2 data-focus:-outline-offset-2 data-focus:outline-brand-600"
    />
  );
}
