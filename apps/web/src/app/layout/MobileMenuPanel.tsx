import { Link } from 'react-router';
import { LogOutIcon, XIcon } from 'lucide-react';
import { buttonClass } from '../../components/ui/Button.tsx';
import { Logo } from '../../components/Logo.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { useAuth } from '../../features/auth/useAuth.ts';
import { accountLinks, Avatar } from './AccountMenu.tsx';
import { HeaderActionNav, type HeaderActionItem } from './HeaderActionNav.tsx';

/** The open drawer of MobileMenu (its own chunk: loaded when the shopper reaches for the menu button). */
export function MobileMenuPanel({ items, onClose: close }: { items: HeaderActionItem[]; onClose: () => void }) {
  const { user, logout } = useAuth();
  return (
    <Dialog
      open
      onClose={close}
      label="Menu"
      className="z-[70] lg:hidden"
      backdropClassName="bg-gray-950/50"
      panelClassName="animate-slide-in absolute inset-y-0 left-0 flex w-[86%] max-w-sm flex-col bg-white shadow-2xl"
    >
      <div className="flex items-center justify-between border-b border-gray-100 px-4 py-3">
        <Logo compact />
        <button
          type="button"
          onClick={close}
          aria-label="Đóng menu"
          className="grid size-10 place-items-center rounded-full text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <XIcon size={20} />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto px-3 py-4">
        {user ? (
          <div className="mb-4 flex items-center gap-3 rounded-2xl bg-gray-50 p-3">
            <Avatar user={user} className="size-11 text-base" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-gray-900">{user.fullName ?? user.name}</p>
              {user.email && <p className="truncate text-xs text-gray-500">{user.email}</p>}
            </div>
          </div>
        ) : (
          <div className="mb-4 grid grid-cols-2 gap-2">
            <Link to="/dang-nhap" onClick={close} className={buttonClass('outline', 'md')}>
              Đăng nhập
            </Link>
            <Link to="/dang-ky" onClick={close} className={buttonClass('primary', 'md')}>
              Đăng ký
            </Link>
          </div>
        )}
        <HeaderActionNav items={items} variant="list" label="Menu chính" onNavigate={close} />
        {user && (
          <>
            <p className="mt-5 mb-1 px-3 text-xs font-semibold tracking-wide text-gray-500 uppercase">Tài khoản</p>
            <HeaderActionNav
              variant="list"
              label="Tài khoản"
              onNavigate={close}
              items={accountLinks(user).map((l) => ({ href: l.href, label: l.label, icon: l.icon }))}
            />
            <button
              type="button"
              onClick={() => {
                close();
                void logout();
              }}
              className="mt-1 flex h-12 w-full items-center gap-3 rounded-xl px-3 text-left text-[15px] font-medium text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <LogOutIcon size={18} />
              Đăng xuất
            </button>
          </>
        )}
      </div>
    </Dialog>
  );
}
