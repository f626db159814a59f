import { CHANGE_PASSWORD_REDIRECT_MS, ChangePasswordForm } from '../auth/ChangePasswordForm.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { AccountSection } from './AccountSection.tsx';

/** /tai-khoan/doi-mat-khau: the change-password form inside the account area (1.4 s before logout). */
export function AccountChangePasswordPage() {
  useDocumentTitle('Đổi mật khẩu');
  return (
    <AccountSection title="Đổi mật khẩu" subtitle="Để bảo mật tài khoản, vui lòng không chia sẻ mật khẩu cho người khác.">
      <ChangePasswordForm redirectAfterMs={CHANGE_PASSWORD_REDIRECT_MS.account} />
    </AccountSection>
  );
}
