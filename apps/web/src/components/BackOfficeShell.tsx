import { useSyncExternalStore, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { ChevronRightIcon, HouseIcon, LogOutIcon, MenuIcon } from 'lucide-react';
import { useAuth } from '../features/auth/useAuth.ts';
import { LogoMark } from './Logo.tsx';
import { Menu } from './ui/Menu.tsx';

export interface BackOfficeNavItem {
  to: string;
  label: string;
  icon: ReactNode;
  /** Match the path exactly (the dashboard). */
  end?: boolean;
}

/**
 * Frame of the admin and sales areas: sidebar, top bar with breadcrumbs, the stored user's username or
 * e-mail and a logout menu (spec section 2, Admin and Sales).
 */
export function BackOfficeShell({
  title,
  rootPath,
  nav,
  crumbFor,
}: {
  title: string;
  rootPath: string;
  nav: BackOfficeNavItem[];
  /** Label of a last crumb for a page below a nav item (e.g. an order's detail); none by default. */
  crumbFor?: (pathname: string) => string | undefined;
}) {
  const { user, logout } = useAuth();
  const { pathname } = useLocation();
  const wide = useWideScreen();
  const current = [...nav].sort((a, b) => b.to.length - a.to.length).find((n) => pathname === n.to || pathname.startsWith(`${n.to}/`));
  const extraCrumb = current && pathname !== current.to ? crumbFor?.(pathname) : undefined;


  return (
    <div className="min-h-dvh bg-gray-100 lg:grid lg:grid-cols-[248px_1fr]">
      <a
        href="#main-content"
        className="sr-only z-[90] rounded-lg bg-white font-semibold text-brand-700 shadow-lg ring-2 ring-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-2"
      >
        Bỏ qua đến nội dung chính
      </a>
      <aside className="border-r border-gray-200 bg-white max-lg:hidden">
        <div className="sticky top-0 flex h-dvh flex-col">
          <Link to={rootPath} className="flex h-16 items-center gap-2.5 border-b border-gray-100 px-5">
            <LogoMark className="size-8" />
            <span className="leading-tight">
              <span className="block font-bold text-brand-700">Nhà Sách</span>
              <span className="block text-xs text-gray-500">{title}</span>
            </span>
          </Link>
          <nav aria-label={title} className="flex-1 space-y-1 p-3">
            {nav.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 ${
                    isActive ? 'bg-brand-50 text-brand-700' : 'text-gray-700 hover:bg-gray-100'
                  }`
                }
              >
                {item.icon}
                {item.label}
              </NavLink>
            ))}
          </nav>
          <Link to="/?skipIntro=1" className="m-3 flex items-center gap-2 rounded-xl px-3 py-2.5 text-sm text-gray-600 hover:bg-gray-100">
            <HouseIcon size={18} /> Về cửa hàng
          </Link>
        </div>
      </aside>

      <div className="min-w-0">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-gray-200 bg-white px-4 sm:px-6">
          <nav aria-label="Breadcrumb" className="min-w-0 flex-1">
            <ol className="flex min-w-0 items-center gap-1.5 text-sm whitespace-nowrap text-gray-500">
              <li>
                <Link to={rootPath} className="hover:text-brand-700">
                  {title}
                </Link>
              </li>
              {current && current.to !== rootPath && (
                <>
                  <ChevronRightIcon size={14} aria-hidden="true" className="shrink-0" />
                  {extraCrumb ? (
                    <li>
                      <Link to={current.to} className="hover:text-brand-700">
                        {current.label}
                      </Link>
                    </li>
                  ) : (
                    <li aria-current="page" className="min-w-0 truncate font-medium text-gray-900">
                      {current.label}
                    </li>
                  )}
                </>
              )}
              {extraCrumb && (
                <>
                  <ChevronRightIcon size={14} aria-hidden="true" className="shrink-0" />
                  <li aria-current="page" className="min-w-0 truncate font-medium text-gray-900">
                    {extraCrumb}
                  </li>
                </>
              )}
            </ol>
          </nav>
          <Menu
            className="relative"
            buttonClassName={() =>
              'inline-flex h-10 items-center gap-2 rounded-full bg-gray-100 px-3 text-sm font-medium text-gray-800 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-brand-600'
            }
            button={() => (
              <>
                <MenuIcon size={16} className="lg:hidden" />
                <span className="max-w-[180px] truncate">{user?.name ?? user?.email}</span>
              </>
            )}
            panelClassName="absolute top-full right-0 z-40 mt-2 w-56 rounded-xl border border-gray-200 bg-white p-1.5 shadow-xl"
            // Below the sidebar's width its links are here too (only then: the arrow keys must not reach hidden entries).
            items={[
              ...(wide ? [] : nav.map((item) => ({ href: item.to, label: item.label, icon: item.icon }))),
              { label: 'Đăng xuất', icon: <LogOutIcon size={16} />, onSelect: () => void logout() },
            ]}
            itemClassName="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-gray-700 hover:bg-gray-100 data-focus:bg-gray-100 data-focus:text-gray-900"
          />
        </header>
        <main id="main-content" tabIndex={-1} className="p-4 outline-none sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

const LG = '(min-width: 1024px)';
/** Whether the screen is as wide as the sidebar needs (Tailwind's lg). */
function useWideScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(LG);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(LG).matches,
    () => true,
  );
}
