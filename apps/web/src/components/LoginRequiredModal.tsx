import { Link, useLocation } from 'react-router';
import { loginPathFor } from '../lib/safeNext.ts';
import { buttonClass } from './ui/Button.tsx';
import { rememberLoginRedirect } from './LoginRequiredDialog.tsx';
import { Modal } from './ui/Dialog.tsx';

/** The open dialog of LoginRequiredDialog (its own chunk: most visits never show it). */
export function LoginRequiredModal({ open, onClose, reason = 'Bạn cần đăng nhập để sử dụng tính năng này.' }: { open: boolean; onClose: () => void; reason?: string }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <Modal open={open} onClose={onClose} title="Vui lòng đăng nhập" description={reason}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={buttonClass('outline', 'md')}>
          Để sau
        </button>
        <Link to={`/dang-ky`} onClick={() => {
            rememberLoginRedirect(here);
            onClose();
          }} className={buttonClass('secondary', 'md')}>
          Đăng ký
        </Link>
        <Link to={loginPathFor(here)} onClick={() => {
            rememberLoginRedirect(here);
            onClose();
          }} className={buttonClass('primary', 'md')}>
          Đăng nhập
        </Link>
      </div>
    </Modal>
  );
}
