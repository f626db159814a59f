import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { changePasswordSchema } from '@nhasach/shared';
import { logout as logoutRequest } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { PasswordField } from '../../components/ui/Field.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { applyFieldErrors, errorText } from '../../components/ui/errorText.ts';
import { useAuth } from './useAuth.ts';

type ChangeInput = { oldPassword: string; newPassword: string; confirmPassword: string };
type ChangeValues = ReturnType<typeof changePasswordSchema.parse>;

/** Spec section 9: logout and redirect 800 ms after success on /doi-mat-khau, 1.4 s in the account area. */
export const CHANGE_PASSWORD_REDIRECT_MS = { standalone: 800, account: 1400 } as const;

/**
 * Current, new and confirm password. On success a toast says so, then the user is signed out (token, user and
 * registration data cleared) and sent to /dang-nhap after the screen's delay.
 */
export function ChangePasswordForm({ redirectAfterMs }: { redirectAfterMs: number }) {
  const { changePassword, clearSession } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [serverError, setServerError] = useState<string>();
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangeInput, unknown, ChangeValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onValid = async (values: ChangeValues) => {
    setServerError(undefined);
    try {
      await changePassword(values);
    } catch (err) {
      if (err instanceof ApiError) {
        applyFieldErrors(err, setError, ['oldPassword', 'newPassword', 'confirmPassword']);
        setServerError(errorText(err, 'Đổi mật khẩu thất bại.'));
      } else {
        setServerError(err instanceof Error && err.message === 'Chưa đăng nhập' ? err.message : 'Đổi mật khẩu thất bại.');
      }
      return;
    }
    setDone(true);
    toast.show('Đổi mật khẩu thành công');
    timer.current = window.setTimeout(() => {
      // The server already ended the other sessions; this clears the refresh cookie of this one.
      void logoutRequest().catch(() => undefined);
      clearSession({ notice: 'Mật khẩu đã được thay đổi. Vui lòng đăng nhập lại bằng mật khẩu mới.' });
      void navigate('/dang-nhap', { replace: true });
    }, redirectAfterMs);
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="max-w-md space-y-4">
      {done && <Alert tone="success">Đổi mật khẩu thành công. Vui lòng đăng nhập lại…</Alert>}
      {serverError && <Alert>{serverError}</Alert>}
      <PasswordField label="Mật khẩu hiện tại" autoComplete="current-password" required error={errors.oldPassword?.message} {...register('oldPassword')} />
      <PasswordField
        label="Mật khẩu mới"
        autoComplete="new-password"
        required
        hint="Từ 6 đến 64 ký tự."
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField label="Xác nhận mật khẩu mới" autoComplete="new-password" required error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <Button type="submit" size="lg" busy={isSubmitting} busyText="Đang lưu…" disabled={done} className="w-full sm:w-auto">
        Đổi mật khẩu
      </Button>
    </form>
  );
}
