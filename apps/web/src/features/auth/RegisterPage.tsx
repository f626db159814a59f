import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { OTP_RESEND_COOLDOWN_SECONDS, type RegisterInput, type registerSchema } from '@nhasach/shared';
import { UserIcon } from 'lucide-react';
import { lazyResolver } from '../../lib/lazyResolver.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { register as registerAccount } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../components/ui/Button.tsx';
import { PasswordField, TextField } from '../../components/ui/Field.tsx';
import { applyFieldErrors, errorText } from '../../components/ui/errorText.ts';
import { AuthShell } from './AuthShell.tsx';
import { registrationStore, type RegistrationData } from './flowStorage.ts';
import { LazyAlert as Alert } from '../../lib/lazyComponent.ts';


const FIELDS = ['email', 'password', 'username', 'fullName', 'phone'] as const;
type RegisterValues = ReturnType<typeof registerSchema.parse>;

/** /dang-ky (spec section 2, Register): on success the OTP screen takes over with the form data. */
export function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Back from 'Sửa email': start from what was typed before.
  const [initial] = useState<RegistrationData | undefined>(
    () => (location.state as { registration?: RegistrationData } | null)?.registration ?? registrationStore.load(),
  );
  const [serverError, setServerError] = useState<string>();
  // The server sends this form rendered; until the app runs, its button (and Enter) sends nothing: a plain
  // submit would put the password in the address.
  const hydrated = useHydrated();
  const form = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: lazyResolver(async () => (await import('./resolvers.ts')).registerResolver),
    defaultValues: {
      email: initial?.email ?? '',
      password: initial?.password ?? '',
      username: initial?.username ?? '',
      fullName: initial?.fullName ?? '',
      phone: initial?.phone ?? '',
    },
  });
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const signUp = useMutation({
    mutationFn: registerAccount,
    onMutate: () => setServerError(undefined),
    onSuccess: async (sent, data) => {
      const registration: RegistrationData = {
        email: data.email,
        password: data.password,
        username: data.username,
        fullName: data.fullName,
        phone: data.phone,
        resendAvailableAt: Date.now() + (sent?.resendAfterSeconds ?? OTP_RESEND_COOLDOWN_SECONDS) * 1000,
      };
      registrationStore.save(registration);
      await navigate('/verify-email', { state: { registration } });
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 409 || err.status === 400)) {
        applyFieldErrors(err, setError, FIELDS);
        setServerError(errorText(err, 'Email hoặc username đã tồn tại.'));
      } else if (err instanceof ApiError && err.status === 429) {
        setServerError(errorText(err, 'Đăng ký thất bại. Vui lòng thử lại.'));
      } else {
        setServerError('Đăng ký thất bại. Vui lòng thử lại.');
      }
    },
  });
  // The form stays busy until the answer (the mutation shows a refusal).
  const onValid = (data: RegisterValues) => signUp.mutateAsync(data).catch(() => undefined);

  const onInvalid = (_errors: FieldErrors<RegisterInput>) => {
    const { email, password } = getValues();
    setServerError(!email?.trim() || !password ? 'Email và mật khẩu là bắt buộc.' : undefined);
  };

  return (
    <AuthShell
      title="Tạo tài khoản"
      icon={<UserIcon size={24} />}
      subtitle="Đăng ký để mua sắm nhanh hơn, lưu sách yêu thích và theo dõi đơn hàng."
      tagline="Mỗi cuốn sách là một người bạn mới."
      footer={
        <>
          Đã có tài khoản?{' '}
          <Link to="/dang-nhap" className="font-semibold text-brand-700 hover:underline">
            Đăng nhập
          </Link>
        </>
      }
    >
      <Button variant="outline" size="lg" fullWidth aria-label="Đăng ký với Google">
        <GoogleIcon /> Đăng ký với Google
      </Button>
      <div className="my-6 flex items-center gap-3 text-xs text-gray-500" aria-hidden="true">
        <span className="h-px flex-1 bg-gray-200" />
        hoặc đăng ký bằng email
        <span className="h-px flex-1 bg-gray-200" />
      </div>

      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="space-y-4">
        {serverError && <Alert>{serverError}</Alert>}
        <TextField label="Email" type="email" autoComplete="email" required placeholder="ban@example.com" error={errors.email?.message} {...register('email')} />
        <PasswordField
          label="Mật khẩu"
          autoComplete="new-password"
          required
          placeholder="Ít nhất 6 ký tự"
          hint="Từ 6 đến 64 ký tự."
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Tên đăng nhập"
          autoComplete="username"
          required
          placeholder="vd: nguyenvana"
          hint="3-32 ký tự: chữ, số, dấu chấm, gạch dưới hoặc gạch ngang."
          error={errors.username?.message}
          {...register('username')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Họ và tên" autoComplete="name" placeholder="Nguyễn Văn A" error={errors.fullName?.message} {...register('fullName')} />
          <TextField label="Số điện thoại" type="tel" autoComplete="tel" placeholder="0901 234 567" error={errors.phone?.message} {...register('phone')} />
        </div>
        <Button type="submit" size="lg" fullWidth busy={isSubmitting} disabled={!hydrated} busyText="Đang đăng ký…" className="!mt-6">
          Đăng ký
        </Button>
        <p className="text-center text-xs leading-relaxed text-gray-500">
          Bằng việc đăng ký, bạn đồng ý với Điều khoản sử dụng và Chính sách bảo mật của Nhà Sách.
        </p>
      </form>
    </AuthShell>
  );
}

/** Google's multi-colour "G" (brand colours, not currentColor). */
function GoogleIcon({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92c-.26 1.37-1.04 2.53-2.21 3.31v2.77h3.57c2.08-1.92 3.28-4.74 3.28-8.09z" />
      <path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84C3.99 20.53 7.7 23 12 23z" />
      <path fill="#FBBC05" d="M5.84 14.09c-.22-.66-.35-1.36-.35-2.09s.13-1.43.35-2.09V7.07H2.18C1.43 8.55 1 10.22 1 12s.43 3.45 1.18 4.93l3.66-2.84z" />
      <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1 7.7 1 3.99 3.47 2.18 7.07l3.66 2.84c.87-2.6 3.3-4.53 6.16-4.53z" />
    </svg>
  );
}
