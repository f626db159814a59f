import { OTP_TTL_SECONDS } from '@nhasach/shared';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export type OtpMailPurpose = 'REGISTER' | 'RESET_PASSWORD';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const copy: Record<OtpMailPurpose, { subject: string; intro: string }> = {
  REGISTER: {
    subject: 'Mã xác thực đăng ký tài khoản Nhà Sách',
    intro: 'Cảm ơn bạn đã đăng ký tài khoản tại Nhà Sách. Mã xác thực email của bạn là:',
  },
  RESET_PASSWORD: {
    subject: 'Mã đặt lại mật khẩu Nhà Sách',
    intro: 'Bạn vừa yêu cầu đặt lại mật khẩu tài khoản Nhà Sách. Mã xác thực của bạn là:',
  },
};

/**
 * The one-time-code mail. The subject never carries the code: subjects show up in notification
 * previews, logs and the outbox listing.
 */
export function otpMail(purpose: OtpMailPurpose, code: string, ttlSeconds = OTP_TTL_SECONDS): MailContent {
  const { subject, intro } = copy[purpose];
  const minutes = Math.round(ttlSeconds / 60);
  const expiry = `Mã có hiệu lực trong ${minutes} phút. Không chia sẻ mã này với bất kỳ ai.`;
  const ignore = 'Nếu không phải bạn thực hiện yêu cầu này, hãy bỏ qua email này.';
  const text = ['Xin chào,', '', intro, '', `    ${code}`, '', expiry, ignore, '', 'Nhà Sách'].join('\n');
  const html = `<!doctype html>
<html lang="vi"><body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:20px;color:#b91c1c">Nhà Sách</h1>
<p style="margin:0 0 8px">Xin chào,</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px;text-align:center">${escapeHtml(code)}</p>
<p style="margin:0 0 8px">${escapeHtml(expiry)}</p>
<p style="margin:0;color:#57534e">${escapeHtml(ignore)}</p>
</div></body></html>`;
  return { subject, text, html };
}
