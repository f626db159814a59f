/**
 * HTML of the built-in VNPAY sandbox: a payment page that looks and behaves like a gateway (Vietnamese), and its
 * error page. Everything interpolated is escaped; the style sheet and the countdown script are files of the
 * sandbox itself (SANDBOX_ASSETS), so the pages pass the store's CSP, which allows no inline script or style.
 */
import { formatVnd } from '@nhasach/shared';
import type { vnpayProtocol } from '../payments/index.ts';

type VnpParams = vnpayProtocol.VnpParams;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Banks offered on the page (the sandbox accepts any; NCB is VNPAY's documented test bank). */
export const SANDBOX_BANKS = [
  { code: 'NCB', name: 'Ngân hàng NCB' },
  { code: 'VIETCOMBANK', name: 'Vietcombank' },
  { code: 'VIETINBANK', name: 'VietinBank' },
  { code: 'BIDV', name: 'BIDV' },
  { code: 'TECHCOMBANK', name: 'Techcombank' },
  { code: 'MBBANK', name: 'MB Bank' },
  { code: 'ACB', name: 'ACB' },
  { code: 'TPBANK', name: 'TPBank' },
] as const;

/** The three outcomes a tester can pick, as VNPAY response codes. */
export const SANDBOX_CHOICES = [
  { code: '00', label: 'Thanh toán', style: 'primary' },
  { code: '24', label: 'Huỷ giao dịch', style: 'secondary' },
  { code: '51', label: 'Giao dịch thất bại', style: 'danger' },
] as const;
export type SandboxChoice = (typeof SANDBOX_CHOICES)[number]['code'];

export const SANDBOX_STYLES = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#eef2f7;color:#1f2937}
header{background:#fff;border-bottom:1px solid #e5e7eb}.bar{max-width:960px;margin:0 auto;padding:14px 20px;display:flex;align-items:center;justify-content:space-between;gap:12px}
.logo{font-weight:800;font-size:26px;letter-spacing:-.5px}.logo .vn{color:#e31e24}.logo .pay{color:#005baa}.logo small{display:block;font-size:11px;font-weight:600;color:#6b7280;letter-spacing:.3px}
.badge{background:#fff7ed;color:#9a3412;border:1px solid #fed7aa;border-radius:999px;padding:4px 12px;font-size:12px;font-weight:600}
main{max-width:960px;margin:24px auto;padding:0 20px;display:grid;grid-template-columns:1fr 1.4fr;gap:20px;align-items:start}
@media (max-width:760px){main{grid-template-columns:1fr}}
.card{background:#fff;border-radius:14px;box-shadow:0 1px 3px rgba(0,0,0,.06),0 8px 24px rgba(15,23,42,.06);padding:22px}
h1{font-size:18px;margin:0 0 14px}h2{font-size:15px;margin:0 0 12px;color:#005baa}
dl{margin:0}dl div{display:flex;justify-content:space-between;gap:12px;padding:9px 0;border-bottom:1px dashed #e5e7eb;font-size:14px}dl div:last-child{border:0}
dt{color:#6b7280;white-space:nowrap}dd{margin:0;font-weight:600;text-align:right;word-break:break-all}
.amount{font-size:26px;font-weight:800;color:#e31e24;margin:14px 0 4px}.muted{color:#6b7280;font-size:13px}
.banks{display:grid;grid-template-columns:repeat(auto-fill,minmax(130px,1fr));gap:10px;margin-bottom:16px}
.bank{position:relative}.bank input{position:absolute;opacity:0}.bank span{display:flex;align-items:center;justify-content:center;height:52px;border:1.5px solid #d1d5db;border-radius:10px;font-size:13px;font-weight:700;color:#374151;cursor:pointer;text-align:center;padding:4px;background:#fafafa}
.bank input:checked+span{border-color:#005baa;background:#eff6ff;color:#005baa;box-shadow:0 0 0 3px rgba(0,91,170,.15)}.bank input:focus-visible+span{outline:2px solid #005baa;outline-offset:2px}
.test{background:#f8fafc;border:1px solid #e2e8f0;border-radius:10px;padding:12px 14px;font-size:13px;line-height:1.6;margin-bottom:16px}
.actions{display:flex;flex-wrap:wrap;gap:10px}button{flex:1 1 150px;border:0;border-radius:10px;padding:13px 16px;font-size:15px;font-weight:700;cursor:pointer}
button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}.primary{background:#005baa;color:#fff}.primary:hover{background:#004a8c}
.secondary{background:#fff;color:#374151;border:1.5px solid #d1d5db}.secondary:hover{background:#f3f4f6}.danger{background:#fee2e2;color:#b91c1c}.danger:hover{background:#fecaca}
.timer{font-variant-numeric:tabular-nums;font-weight:700;color:#005baa}
.error{max-width:560px;margin:48px auto;text-align:center}.error .code{display:inline-block;margin-top:8px;background:#fee2e2;color:#b91c1c;border-radius:999px;padding:4px 12px;font-weight:700;font-size:13px}
footer{text-align:center;color:#9ca3af;font-size:12px;padding:24px}
.sandbox-banner{background:#fef3c7;border-bottom:2px solid #f59e0b;color:#78350f;text-align:center;font-size:14px;font-weight:600;padding:10px 16px;line-height:1.5}
main.single{display:block}`;

/** A countdown like the real gateway's; the server re-checks the expiry on submit anyway. */
export const SANDBOX_SCRIPT = `(function(){var t=document.getElementById('timer');if(!t)return;var end=+t.dataset.expires;
function tick(){var s=Math.max(0,Math.floor((end-Date.now())/1000));t.textContent=String(Math.floor(s/60)).padStart(2,'0')+':'+String(s%60).padStart(2,'0');if(s>0)setTimeout(tick,1000);}tick();})();`;

/** Where the page's files are served (by the sandbox routes). */
export const SANDBOX_ASSETS = { css: '/sandbox/vnpay/assets/sandbox.css', js: '/sandbox/vnpay/assets/sandbox.js' } as const;

function layout(title: string, body: string, script = false): string {
  return `<!doctype html>
<html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="${SANDBOX_ASSETS.css}"></head>
<body><div class="sandbox-banner" role="note">Đây là cổng thanh toán THỬ NGHIỆM của Nhà Sách, không phải VNPAY thật: không có tiền nào được chuyển.</div>
<header><div class="bar"><div class="logo"><span class="vn">VN</span><span class="pay">PAY</span><small>CỔNG THANH TOÁN</small></div>
<span class="badge">Môi trường thử nghiệm (Sandbox)</span></div></header>
${body}
<footer>Cổng thanh toán thử nghiệm của Nhà Sách, giao thức VNPAY 2.1.0. Không có giao dịch thật nào được thực hiện.</footer>
${script ? `<script src="${SANDBOX_ASSETS.js}"></script>` : ''}</body></html>`;
}

export interface PaymentPageInput {
  params: VnpParams;
  amountVnd: number;
  expiresAt: Date | undefined;
  actionUrl: string;
}

export function paymentPage({ params, amountVnd, expiresAt, actionUrl }: PaymentPageInput): string {
  const hidden = Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const banks = SANDBOX_BANKS.map(
    (b, i) =>
      `<label class="bank"><input type="radio" name="bankCode" value="${b.code}"${i === 0 ? ' checked' : ''}><span>${escapeHtml(b.name)}</span></label>`,
  ).join('');
  const buttons = SANDBOX_CHOICES.map(
    (c) => `<button type="submit" name="choice" value="${c.code}" class="${c.style}">${escapeHtml(c.label)}</button>`,
  ).join('');
  const expiry = expiresAt
    ? `<p class="muted">Giao dịch hết hạn sau <span class="timer" id="timer" data-expires="${expiresAt.getTime()}">--:--</span></p>`
    : '';
  const body = `<main>
<section class="card" aria-labelledby="order-title"><h1 id="order-title">Thông tin đơn hàng</h1>
<p class="muted">Số tiền thanh toán</p><p class="amount">${escapeHtml(formatVnd(amountVnd))}</p>${expiry}
<dl>
<div><dt>Nhà cung cấp</dt><dd>${escapeHtml(params.vnp_TmnCode ?? '')}</dd></div>
<div><dt>Mã giao dịch</dt><dd>${escapeHtml(params.vnp_TxnRef ?? '')}</dd></div>
<div><dt>Nội dung</dt><dd>${escapeHtml(params.vnp_OrderInfo ?? '')}</dd></div>
<div><dt>Loại tiền</dt><dd>${escapeHtml(params.vnp_CurrCode ?? '')}</dd></div>
</dl></section>
<section class="card" aria-labelledby="method-title"><h1 id="method-title">Thanh toán qua Ngân hàng</h1>
<form method="post" action="${escapeHtml(actionUrl)}">${hidden}
<h2>Chọn ngân hàng</h2><div class="banks" role="radiogroup" aria-label="Ngân hàng">${banks}</div>
<div class="test"><strong>Thẻ thử nghiệm</strong><br>Số thẻ: 9704198526191432198<br>Tên chủ thẻ: NGUYEN VAN A<br>Ngày phát hành: 07/15 &nbsp;·&nbsp; OTP: 123456</div>
<div class="actions">${buttons}</div></form></section></main>`;
  return layout('Thanh toán - Cổng thanh toán VNPAY (thử nghiệm)', body, !!expiresAt);
}

export function errorPage(message: string, code: string): string {
  const body = `<main class="single"><section class="card error" role="alert"><h1>Thông báo</h1>
<p>${escapeHtml(message)}</p><span class="code">Mã lỗi: ${escapeHtml(code)}</span></section></main>`;
  return layout('Lỗi giao dịch - Cổng thanh toán VNPAY (thử nghiệm)', body);
}
