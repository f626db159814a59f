import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { forgotVerifySchema, OTP_MAX_ATTEMPTS, type OtpErrorData } from '@nhasach/shared';
import { LockIcon } from 'lucide-react';
import { forgotPasswordVerify } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { PasswordField, TextField } from '../../components/ui/Field.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { applyFieldErrors, errorText } from '../../components/ui/errorText.ts';
import { AuthShell } from './AuthShell.tsx';
import { resetStore, type ResetData } from './flowStorage.ts';
import { useAuth } from './useAuth.ts';

/** Spec section 9: after a reset the login page follows 700 ms later. */
export const RESET_REDIRECT_MS = 700;

type ResetInput = { email: string; otp: string; newPassword: string; confirmPassword: string };
type ResetValues = ReturnType<typeof forgotVerifySchema.parse>;

/** /dat-lai-mat-khau (spec section 2): new password for the e-mail and OTP carried from /quen-mat-khau. */
export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const { clearSession } = useAuth();
  const [data] = useState<Partial<ResetData> | undefined>(() => (location.state as Partial<ResetData> | null) ?? resetStore.load());
  const [serverError, setServerError] = useState<string>();
  const [otpProblem, setOtpProblem] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetInput, unknown, ResetValues>({
    resolver: zodResolver(forgotVerifySchema),
    defaultValues: { email: data?.email ?? '', otp: data?.otp ?? '', newPassword: '', confirmPassword: '' },
  });

  if (!data?.email || !data.otp) return <Navigate to="/quen-mat-khau" replace />;

  const onValid = async (values: ResetValues) => {
    setServerError(undefined);
    setOtpProblem(false);
    try {
      await forgotPasswordVerify(values);
      resetStore.clear();
      clearSession();
      setDone(true);
      toast.show('Đặt lại mật khẩu thành công');
      timer.current = window.setTimeout(() => {
        void navigate('/dang-nhap', {
          replace: true,
          state: { notice: 'Mật khẩu đã được đặt lại. Vui lòng đăng nhập bằng mật khẩu mới.' },
        });
      }, RESET_REDIRECT_MS);
    } catch (err) {
      if (err instanceof ApiError && err.code?.startsWith('OTP_')) {
        const attempts = (err.data as Partial<OtpErrorData> | undefined)?.attempts;
        setOtpProblem(true);
        setServerError(
          `${errorText(err, 'Mã OTP không đúng hoặc đã hết hạn.')}${typeof attempts === 'number' ? ` (Sai ${attempts}/${OTP_MAX_ATTEMPTS})` : ''}`,
        );
      } else {
        if (err instanceof ApiError) applyFieldErrors(err, setError, ['newPassword', 'confirmPassword']);
        setServerError(errorText(err, 'Đặt lại mật khẩu thất bại.'));
      }
    }
  };

  return (
    <AuthShell title="Đặt lại mật khẩu" icon={<LockIcon size={24} />} subtitle="Tạo mật khẩu mới cho tài khoản của bạn." tagline="Bảo mật tài khoản, an tâm mua sắm.">
      <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-4">
        {done && <Alert tone="success">Đặt lại mật khẩu thành công. Đang chuyển đến trang đăng nhập…</Alert>}
        {errors.otp?.message && <Alert>{errors.otp.message}</Alert>}
        {serverError && (
          <Alert>
            {serverError}
            {otpProblem && (
              <>
                {' '}
                <Link to="/quen-mat-khau" state={{ email: data.email }} className="font-semibold underline underline-offset-2">
                  Yêu cầu mã OTP mới
                </Link>
              </>
            )}
          </Alert>
        )}
        <TextField label="Email" type="email" readOnly autoComplete="username" {...register('email')} />
        <PasswordField
          label="Mật khẩu mới"
          autoComplete="new-password"
          required
          hint="Từ 6 đến 64 ký tự."
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordField label="Xác nhận mật khẩu mới" autoComplete="new-password" required error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <Button type="submit" size="lg" fullWidth busy={isSubmitting} busyText="Đang lưu…" disabled={done}>
          Đặt lại mật khẩu
        </Button>
      </form>
    </AuthShell>
  );
}
