import { Link, useLocation } from 'react-router';
import { STORAGE_KEYS } from '@nhasach/shared';
import { loginPathFor } from '../lib/safeNext.ts';
import { storage } from '../lib/storage.ts';
import { buttonClass } from './Button.tsx';
import { Modal } from './Modal.tsx';

/** Remembers where the guest was, for the redirect after login (spec section 4, Favourites). */
export function rememberLoginRedirect(path: string): void {
  storage.set(STORAGE_KEYS.loginRedirect, path);
}

/**
 * 'Vui lòng đăng nhập': shown when a guest tries something that needs an account (favourite, cart, review,
 * comment, like). The login link carries the current page as `next`.
 */
export function LoginRequiredDialog({ open, onClose, reason = 'Bạn cần đăng nhập để sử dụng tính năng này.' }: { open: boolean; onClose: () => void; reason?: string }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <Modal open={open} onClose={onClose} title="Vui lòng đăng nhập" description={reason}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={buttonClass('outline', 'md')}>
          Để sau
        </button>
        <Link to={`/dang-ky`} onClick={() => rememberLoginRedirect(here)} className={buttonClass('secondary', 'md')}>
          Đăng ký
        </Link>
        <Link to={loginPathFor(here)} onClick={() => rememberLoginRedirect(here)} className={buttonClass('primary', 'md')}>
          Đăng nhập
        </Link>
      </div>
    </Modal>
  );
}
