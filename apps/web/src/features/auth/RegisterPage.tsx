import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { OTP_RESEND_COOLDOWN_SECONDS, type RegisterInput, type registerSchema } from '@nhasach/shared';
import { lazyResolver } from '../../lib/lazyResolver.ts';
import { register as registerAccount } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { GoogleIcon, UserIcon } from '../../components/icons.tsx';
import { PasswordField, TextField } from '../../components/TextField.tsx';
import { apiMessage, applyFieldErrors } from '../../lib/apiMessage.ts';
import { AuthShell } from './AuthShell.tsx';
import { registrationStore, type RegistrationData } from './flowStorage.ts';

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

  const onValid = async (data: RegisterValues) => {
    setServerError(undefined);
    try {
      const sent = await registerAccount(data);
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
    } catch (err) {
      if (err instanceof ApiError && (err.status === 409 || err.status === 400)) {
        applyFieldErrors(err, setError, FIELDS);
        setServerError(apiMessage(err, 'Email hoặc username đã tồn tại.'));
      } else if (err instanceof ApiError && err.status === 429) {
        setServerError(apiMessage(err, 'Đăng ký thất bại. Vui lòng thử lại.'));
      } else {
        setServerError('Đăng ký thất bại. Vui lòng thử lại.');
      }
    }
  };

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
        <Button type="submit" size="lg" fullWidth busy={isSubmitting} busyText="Đang đăng ký…" className="!mt-6">
          Đăng ký
        </Button>
        <p className="text-center text-xs leading-relaxed text-gray-500">
          Bằng việc đăng ký, bạn đồng ý với Điều khoản sử dụng và Chính sách bảo mật của Nhà Sách.
        </p>
      </form>
    </AuthShell>
  );
}
