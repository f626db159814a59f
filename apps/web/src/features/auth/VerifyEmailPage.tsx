import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import {
  ERROR_CODES,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_SECONDS,
  otpSchema,
  type OtpErrorData,
  type RetryAfterData,
} from '@nhasach/shared';
import { useMutation } from '@tanstack/react-query';
import { MailIcon, PenIcon, RefreshCwIcon } from 'lucide-react';
import { resendOtp, verifyEmail } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { OtpInput } from '../../components/OtpInput.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { useCountdown } from '../../lib/useCountdown.ts';
import { AuthShell } from './AuthShell.tsx';
import { registrationStore, type RegistrationData } from './flowStorage.ts';
import { errorText } from '../../components/ui/errorText.ts';

export const OTP_WRONG_DEFAULT = 'Mã OTP không đúng hoặc đã hết hạn.';
export const OTP_LOCKED_TEXT = `Bạn đã nhập sai quá ${OTP_MAX_ATTEMPTS} lần. Hãy bấm Gửi lại OTP.`;

/** Wrong attempts so far, from the server's error data when it sent them. */
export function wrongAttempts(err: ApiError, previous: number): number {
  const data = err.data as Partial<OtpErrorData> | undefined;
  return typeof data?.attempts === 'number' ? data.attempts : previous + 1;
}

/** /verify-email (spec sections 2, 4, 5): OTP entry with 5 tries, resend with a 60 s cooldown. */
export function VerifyEmailPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const [registration, setRegistration] = useState<RegistrationData | undefined>(
    () => (location.state as { registration?: RegistrationData } | null)?.registration ?? registrationStore.load(),
  );
  const [otp, setOtp] = useState('');
  const [attempts, setAttempts] = useState(0);
  const [locked, setLocked] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  // Register has just sent a code, so the cooldown runs from the moment it was sent.
  const cooldown = useCountdown(registration?.resendAvailableAt ?? Date.now() + OTP_RESEND_COOLDOWN_SECONDS * 1000);
  const errorId = useId();

  const verify = useMutation({
    mutationFn: ({ data, code }: { data: RegistrationData; code: string }) => {
      const { resendAvailableAt: _unused, ...payload } = data;
      return verifyEmail({ ...payload, otp: code });
    },
    onSuccess: async (_r, { data }) => {
      registrationStore.clear();
      toast.show('Xác thực email thành công');
      await navigate('/dang-nhap', {
        replace: true,
        state: { notice: 'Xác thực email thành công! Hãy đăng nhập để bắt đầu mua sắm.', username: data.username },
      });
    },
    onError: (err) => {
      setOtp('');
      if (err instanceof ApiError && err.code === ERROR_CODES.otpLocked) {
        setLocked(true);
        setAttempts(OTP_MAX_ATTEMPTS);
        setError(OTP_LOCKED_TEXT);
      } else if (err instanceof ApiError && err.code === ERROR_CODES.otpExpired) {
        setError(errorText(err, OTP_WRONG_DEFAULT));
      } else if (err instanceof ApiError && (err.code === ERROR_CODES.otpInvalid || err.status === 400)) {
        const n = wrongAttempts(err, attempts);
        setAttempts(n);
        if (n >= OTP_MAX_ATTEMPTS) setLocked(true);
        setError(`${errorText(err, OTP_WRONG_DEFAULT)} (Sai ${n}/${OTP_MAX_ATTEMPTS})`);
      } else {
        setError(errorText(err, 'Xác thực thất bại. Vui lòng thử lại.'));
      }
    },
  });
  const resend = useMutation({
    mutationFn: (data: RegistrationData) => resendOtp(data.email),
    onSuccess: (sent, data) => {
      const seconds = sent?.resendAfterSeconds ?? OTP_RESEND_COOLDOWN_SECONDS;
      cooldown.start(seconds);
      const next = { ...data, resendAvailableAt: Date.now() + seconds * 1000 };
      setRegistration(next);
      registrationStore.save(next);
      setAttempts(0);
      setLocked(false);
      setOtp('');
      setNotice(`Đã gửi lại mã OTP tới ${data.email}.`);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 429) {
        const retry = (err.data as Partial<RetryAfterData> | undefined)?.retryAfterSeconds;
        if (typeof retry === 'number' && retry > 0) cooldown.start(retry);
        setError(errorText(err, 'Không gửi lại được OTP.'));
      } else {
        setError('Không gửi lại được OTP.');
      }
    },
  });
  const busy = verify.isPending;
  const resending = resend.isPending;

  if (!registration?.email || !registration.password) return <Navigate to="/dang-ky" replace />;
  const blocked = locked || attempts >= OTP_MAX_ATTEMPTS;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(undefined);
    if (!registration?.email) {
      setError('Missing register data. Please start register again.');
      return;
    }
    if (blocked) {
      setError(OTP_LOCKED_TEXT);
      return;
    }
    if (!otp.trim()) {
      setError('Vui lòng nhập mã OTP.');
      return;
    }
    const parsed = otpSchema.safeParse(otp);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Vui lòng nhập mã OTP.');
      return;
    }
    if (busy) return;
    setError(undefined);
    verify.mutate({ data: registration, code: parsed.data });
  };

  const onResend = () => {
    setError(undefined);
    setNotice(undefined);
    if (!registration?.email) {
      setError('Missing email to resend OTP.');
      return;
    }
    if (!resending) resend.mutate(registration);
  };

  return (
    <AuthShell
      title="Xác thực email"
      icon={<MailIcon size={24} />}
      tagline="Chỉ một bước nữa thôi!"
      subtitle={
        <>
          Chúng tôi đã gửi mã gồm 6 chữ số tới <strong className="font-semibold text-gray-900">{registration.email}</strong>. Mã có hiệu
          lực trong {Math.round(OTP_TTL_SECONDS / 60)} phút.
        </>
      }
      footer={
        <>
          Nhập sai email?{' '}
          <Link
            to="/dang-ky"
            state={{ registration }}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            <PenIcon size={14} /> Sửa email
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {notice && <Alert tone="success">{notice}</Alert>}
        <div>
          <p className="mb-2 text-sm font-medium text-gray-800">Mã OTP</p>
          <OtpInput value={otp} onChange={setOtp} disabled={blocked} invalid={Boolean(error)} describedBy={error ? errorId : undefined} autoFocus />
        </div>
        {error && (
          <div id={errorId}>
            <Alert>{error}</Alert>
          </div>
        )}
        {blocked && error !== OTP_LOCKED_TEXT && <Alert tone="warning">{OTP_LOCKED_TEXT}</Alert>}
        <Button type="submit" size="lg" fullWidth busy={busy} busyText="Đang xác thực…" disabled={blocked}>
          Xác thực
        </Button>
        <div className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-sm text-gray-600">
          <span>Chưa nhận được mã?</span>
          <Button
            variant="ghost"
            size="sm"
            onClick={onResend}
            busy={resending}
            disabled={cooldown.remaining > 0}
            className="!text-brand-700 disabled:!text-gray-500"
          >
            <RefreshCwIcon size={16} />
            {cooldown.remaining > 0 ? `Gửi lại OTP sau ${cooldown.remaining}s` : 'Gửi lại OTP'}
          </Button>
        </div>
      </form>
    </AuthShell>
  );
}
