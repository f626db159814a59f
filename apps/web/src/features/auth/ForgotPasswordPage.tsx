import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { emailOnlySchema, OTP_RESEND_COOLDOWN_SECONDS, OTP_TTL_SECONDS, otpSchema, type RetryAfterData } from '@nhasach/shared';
import { KeyIcon, RefreshCwIcon } from 'lucide-react';
import { forgotPasswordStart } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Dialog.tsx';
import { OtpInput } from '../../components/OtpInput.tsx';
import { TextField } from '../../components/ui/Field.tsx';
import { applyFieldErrors, errorText } from '../../components/ui/errorText.ts';
import { useCountdown } from '../../lib/useCountdown.ts';
import { AuthShell } from './AuthShell.tsx';
import { resetStore } from './flowStorage.ts';

type EmailValues = { email: string };

/** /quen-mat-khau (spec sections 2 and 4): send an OTP (60 s cooldown), enter it in a dialog, then reset. */
export function ForgotPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const presetEmail = (location.state as { email?: string } | null)?.email ?? '';
  const [sentTo, setSentTo] = useState<string>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string>();
  const [resendNotice, setResendNotice] = useState<string>();
  const cooldown = useCountdown();
  const otpErrorId = useId();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<EmailValues, unknown, EmailValues>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: presetEmail } });
  const [resending, setResending] = useState(false);

  /** Asks for a code; true when one was sent. */
  const sendOtp = async (email: string): Promise<boolean> => {
    setServerError(undefined);
    try {
      const sent = await forgotPasswordStart(email);
      cooldown.start(sent?.resendAfterSeconds ?? OTP_RESEND_COOLDOWN_SECONDS);
      setSentTo(email);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) {
        const retry = (err.data as Partial<RetryAfterData> | undefined)?.retryAfterSeconds;
        if (typeof retry === 'number' && retry > 0) cooldown.start(retry);
        setServerError(errorText(err, 'Không gửi được OTP.'));
      } else if (err instanceof ApiError && err.status === 400 && applyFieldErrors(err, setError, ['email']) > 0) {
        setServerError(undefined);
      } else {
        setServerError(errorText(err, 'Không gửi được OTP.'));
      }
      return false;
    }
  };

  const onValid = async ({ email }: EmailValues) => {
    if (await sendOtp(email)) {
      setOtp('');
      setOtpError(undefined);
      setResendNotice(undefined);
      setDialogOpen(true);
    }
  };

  const onResend = async () => {
    const email = sentTo ?? getValues('email');
    setResending(true);
    setOtpError(undefined);
    setResendNotice(undefined);
    if (await sendOtp(email)) {
      setOtp('');
      setResendNotice(`Đã gửi lại mã OTP tới ${email}.`);
    } else {
      setOtpError('Không gửi được OTP.');
    }
    setResending(false);
  };

  const onConfirmOtp = (e: FormEvent) => {
    e.preventDefault();
    if (!otp.trim()) {
      setOtpError('Vui lòng nhập mã OTP.');
      return;
    }
    const parsed = otpSchema.safeParse(otp);
    if (!parsed.success || !sentTo) {
      setOtpError(parsed.error?.issues[0]?.message ?? 'Vui lòng nhập mã OTP.');
      return;
    }
    const data = { email: sentTo, otp: parsed.data };
    resetStore.save(data);
    void navigate('/dat-lai-mat-khau', { state: data });
  };

  return (
    <AuthShell
      title="Quên mật khẩu"
      icon={<KeyIcon size={24} />}
      tagline="Đừng lo, lấy lại mật khẩu chỉ mất một phút."
      subtitle="Nhập email đã đăng ký, chúng tôi sẽ gửi mã OTP để bạn đặt lại mật khẩu."
      footer={
        <>
          Nhớ ra mật khẩu rồi?{' '}
          <Link to="/dang-nhap" className="font-semibold text-brand-700 hover:underline">
            Đăng nhập
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-4">
        {serverError && <Alert>{serverError}</Alert>}
        {sentTo && !dialogOpen && !serverError && (
          <Alert tone="info">
            Mã OTP đã được gửi tới <strong>{sentTo}</strong>.{' '}
            <button type="button" onClick={() => setDialogOpen(true)} className="font-semibold underline underline-offset-2">
              Nhập mã OTP
            </button>
          </Alert>
        )}
        <TextField label="Email" type="email" autoComplete="email" required placeholder="ban@example.com" error={errors.email?.message} {...register('email')} />
        <Button type="submit" size="lg" fullWidth busy={isSubmitting} busyText="Đang gửi…" disabled={cooldown.remaining > 0}>
          {cooldown.remaining > 0 ? `Gửi lại OTP sau ${cooldown.remaining}s` : 'Gửi OTP'}
        </Button>
      </form>

      <Modal
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        title="Nhập mã OTP"
        description={
          <>
            Mã gồm 6 chữ số đã được gửi tới <strong className="text-gray-900">{sentTo}</strong>, có hiệu lực trong{' '}
            {Math.round(OTP_TTL_SECONDS / 60)} phút.
          </>
        }
      >
        <form noValidate onSubmit={onConfirmOtp} className="space-y-4">
          {resendNotice && <Alert tone="success">{resendNotice}</Alert>}
          <OtpInput value={otp} onChange={setOtp} invalid={Boolean(otpError)} describedBy={otpError ? otpErrorId : undefined} />
          {otpError && (
            <div id={otpErrorId}>
              <Alert>{otpError}</Alert>
            </div>
          )}
          <Button type="submit" size="lg" fullWidth>
            Tiếp tục
          </Button>
          <div className="flex justify-center">
            <Button variant="ghost" size="sm" onClick={onResend} busy={resending} disabled={cooldown.remaining > 0} className="!text-brand-700 disabled:!text-gray-500">
              <RefreshCwIcon size={16} />
              {cooldown.remaining > 0 ? `Gửi lại OTP sau ${cooldown.remaining}s` : 'Gửi lại OTP'}
            </Button>
          </div>
        </form>
      </Modal>
    </AuthShell>
  );
}
