import { KeyIcon } from 'lucide-react';
import { AuthShell } from './AuthShell.tsx';
import { CHANGE_PASSWORD_REDIRECT_MS, ChangePasswordForm } from './ChangePasswordForm.tsx';

/** /doi-mat-khau (signed-in users; the guard sends guests to login). */
export function ChangePasswordPage() {
  return (
    <AuthShell
      title="Đổi mật khẩu"
      icon={<KeyIcon size={24} />}
      tagline="Bảo mật tài khoản, an tâm mua sắm."
      subtitle="Sau khi đổi mật khẩu, bạn sẽ cần đăng nhập lại bằng mật khẩu mới."
    >
      <ChangePasswordForm redirectAfterMs={CHANGE_PASSWORD_REDIRECT_MS.standalone} />
    </AuthShell>
  );
}
