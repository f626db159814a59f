/**
 * HTML of the built-in test bank: a transfer form filled from a scanned VietQR (what a banking app shows), the
 * receipt with the shop's answer to the notification, and the error page. Everything interpolated is escaped; the
 * style sheet is a file of its own (BANK_SANDBOX_ASSETS), so the pages pass the store's CSP (no inline style or
 * script; they need no script at all).
 */
import { formatVnd } from '@nhasach/shared';
import { BANK_SANDBOX_PATH } from '../payments/index.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const BANK_SANDBOX_ASSETS = { css: `${BANK_SANDBOX_PATH}/assets/bank.css` } as const;

export const BANK_SANDBOX_STYLES = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f1f5f9;color:#0f172a}
.sandbox-banner{background:#fef3c7;border-bottom:2px solid #f59e0b;color:#78350f;text-align:center;font-size:14px;font-weight:600;padding:10px 16px;line-height:1.5}
header{background:linear-gradient(135deg,#065f46,#047857);color:#fff}
.bar{max-width:880px;margin:0 auto;padding:16px 20px;display:flex;align-items:center;justify-content:space-between;gap:12px}
.logo{display:flex;align-items:center;gap:10px;font-weight:800;font-size:20px;letter-spacing:-.3px}
.logo .mark{display:grid;place-items:center;width:38px;height:38px;border-radius:10px;background:#fff;color:#047857;font-size:15px}
.logo small{display:block;font-size:11px;font-weight:600;opacity:.85;letter-spacing:.3px}
.badge{background:rgba(255,255,255,.15);border:1px solid rgba(255,255,255,.35);border-radius:999px;padding:4px 12px;font-size:12px;font-weight:600;white-space:nowrap}
main{max-width:880px;margin:24px auto;padding:0 20px;display:grid;grid-template-columns:1fr 1fr;gap:20px;align-items:start}
main.single{display:block;max-width:600px}main.single .card+.card{margin-top:16px}
@media (max-width:760px){main{grid-template-columns:1fr;margin:16px auto;padding:0 14px}.bar{padding:12px 14px}.badge{display:none}}
.card{background:#fff;border-radius:16px;box-shadow:0 1px 3px rgba(0,0,0,.06),0 8px 24px rgba(15,23,42,.06);padding:22px}
h1{font-size:18px;margin:0 0 4px}h2{font-size:15px;margin:0 0 12px;color:#047857}
.muted{color:#64748b;font-size:13px;margin:0 0 14px;line-height:1.5}
dl{margin:0}dl div{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-bottom:1px dashed #e2e8f0;font-size:14px}dl div:last-child{border:0}
dt{color:#64748b;white-space:nowrap}dd{margin:0;font-weight:600;text-align:right;word-break:break-all}
.amount{font-size:28px;font-weight:800;color:#047857;margin:4px 0 14px;font-variant-numeric:tabular-nums}
label{display:block;font-size:13px;font-weight:600;color:#334155;margin:14px 0 6px}
input[type=text],input[type=number]{width:100%;border:1.5px solid #cbd5e1;border-radius:10px;padding:11px 12px;font-size:15px;color:#0f172a;background:#fff}
input:focus{outline:none;border-color:#047857;box-shadow:0 0 0 3px rgba(4,120,87,.18)}
.hint{font-size:12px;color:#64748b;margin-top:6px;line-height:1.5}
.actions{display:flex;flex-wrap:wrap;gap:10px;margin-top:20px}
button,.button{font-family:inherit;line-height:1.2;flex:1 1 180px;display:inline-flex;align-items:center;justify-content:center;border:0;border-radius:10px;padding:13px 16px;font-size:15px;font-weight:700;cursor:pointer;text-decoration:none}
button:focus-visible,.button:focus-visible{outline:3px solid #6ee7b7;outline-offset:2px}
.primary{background:#047857;color:#fff}.primary:hover{background:#065f46}
.secondary{background:#fff;color:#334155;border:1.5px solid #cbd5e1}.secondary:hover{background:#f8fafc}
.result{display:flex;gap:14px;align-items:flex-start;margin-bottom:16px}
.icon{flex:none;display:grid;place-items:center;width:44px;height:44px;border-radius:999px;font-weight:800;font-size:22px}
.ok .icon{background:#d1fae5;color:#047857}.warn .icon{background:#fef3c7;color:#b45309}.bad .icon{background:#fee2e2;color:#b91c1c}
.answer{display:inline-block;margin-top:6px;border-radius:999px;padding:3px 10px;font-size:12px;font-weight:700;background:#f1f5f9;color:#334155;font-family:ui-monospace,Menlo,Consolas,monospace}
.error{text-align:center}.error .code{display:inline-block;margin-top:8px;background:#fee2e2;color:#b91c1c;border-radius:999px;padding:4px 12px;font-weight:700;font-size:13px}
footer{text-align:center;color:#94a3b8;font-size:12px;padding:24px}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="${BANK_SANDBOX_ASSETS.css}"></head>
<body><div class="sandbox-banner" role="note">Đây là ngân hàng THỬ NGHIỆM của Nhà Sách: không có tiền thật nào được chuyển.</div>
<header><div class="bar"><div class="logo"><span class="mark" aria-hidden="true">NS</span><span>NS Bank<small>NGÂN HÀNG THỬ NGHIỆM · NAPAS 247</small></span></div>
<span class="badge">Môi trường thử nghiệm (Sandbox)</span></div></header>
${body}
<footer>Ngân hàng thử nghiệm của Nhà Sách: đọc mã VietQR và gửi thông báo giao dịch có chữ ký đến cửa hàng, như một dịch vụ báo có (Casso, SePay).</footer>
</body></html>`;
}

export interface TransferFormInput {
  bankName: string;
  accountNo: string;
  accountName: string;
  amount: number | null;
  note: string;
  /** The QR text the form came from, kept for the way back. */
  qr: string;
  /** Why the QR could not be read, if it could not. */
  problem?: string;
}

/** The transfer form: what the scanned code says, with the amount and the note editable (to try a wrong amount). */
export function transferPage(input: TransferFormInput): string {
  const problem = input.problem ? `<p class="muted" role="alert"><strong>${escapeHtml(input.problem)}</strong></p>` : '';
  const body = `<main>
<section class="card" aria-labelledby="to-title"><h1 id="to-title">Chuyển tiền đến</h1>
<p class="muted">Thông tin đọc từ mã VietQR của cửa hàng.</p>${problem}
<p class="amount" data-testid="bank-amount">${input.amount !== null ? escapeHtml(formatVnd(input.amount)) : '—'}</p>
<dl>
<div><dt>Ngân hàng</dt><dd>${escapeHtml(input.bankName)}</dd></div>
<div><dt>Số tài khoản</dt><dd data-testid="bank-account">${escapeHtml(input.accountNo)}</dd></div>
<div><dt>Chủ tài khoản</dt><dd>${escapeHtml(input.accountName)}</dd></div>
<div><dt>Nội dung</dt><dd data-testid="bank-note">${escapeHtml(input.note)}</dd></div>
</dl></section>
<section class="card" aria-labelledby="form-title"><h1 id="form-title">Xác nhận giao dịch</h1>
<p class="muted">Tài khoản nguồn: NGUYEN VAN A · 9704 **** 2198 (thử nghiệm). Có thể sửa số tiền hoặc nội dung để thử trường hợp sai.</p>
<form method="post" action="${BANK_SANDBOX_PATH}">
<input type="hidden" name="qr" value="${escapeHtml(input.qr)}"><input type="hidden" name="accountNo" value="${escapeHtml(input.accountNo)}">
<label for="amount">Số tiền (VND)</label>
<input type="number" id="amount" name="amount" min="1" max="9999999999" step="1" required value="${input.amount ?? ''}">
<label for="content">Nội dung chuyển khoản</label>
<input type="text" id="content" name="content" maxlength="200" required value="${escapeHtml(input.note)}">
<p class="hint">Cửa hàng nhận ra đơn hàng qua mã đơn trong nội dung và chỉ ghi nhận khi số tiền khớp.</p>
<div class="actions"><button type="submit" class="primary">Xác nhận chuyển khoản</button></div>
</form></section></main>`;
  return layout('Chuyển khoản - NS Bank (thử nghiệm)', body);
}

export interface ReceiptInput {
  providerTxnId: string;
  referenceCode: string;
  accountNo: string;
  amount: number;
  content: string;
  transactionDate: string;
  /** The shop's answer to the notification (HTTP status and body), or why it could not be delivered. */
  shopStatus: number | null;
  shopMessage: string;
  /** Back to the shop's payment page of the order, when the note named one. */
  returnUrl: string | null;
  qr: string;
}

const SHOP_MESSAGES: Record<string, { tone: 'ok' | 'warn' | 'bad'; text: string }> = {
  PAID: { tone: 'ok', text: 'Cửa hàng đã ghi nhận thanh toán cho đơn hàng.' },
  DUPLICATE: { tone: 'ok', text: 'Cửa hàng đã nhận thông báo này trước đó: không có gì thay đổi.' },
  AMOUNT_MISMATCH: { tone: 'warn', text: 'Số tiền không khớp đơn hàng: cửa hàng ghi lại để nhân viên xử lý, đơn chưa được thanh toán.' },
  ALREADY_PAID: { tone: 'warn', text: 'Đơn hàng đã được thanh toán trước đó: cửa hàng ghi lại để hoàn tiền.' },
  LATE_PAYMENT: { tone: 'warn', text: 'Đơn hàng đã bị huỷ trước khi nhận tiền: cửa hàng ghi lại để hoàn tiền.' },
  UNMATCHED: { tone: 'warn', text: 'Nội dung không chứa mã đơn hàng nào đang chờ chuyển khoản.' },
  IGNORED: { tone: 'warn', text: 'Giao dịch không vào tài khoản của cửa hàng: bỏ qua.' },
};

/** The bank's receipt, with what the shop answered to the signed notification and a button to send it again. */
export function receiptPage(input: ReceiptInput): string {
  const shop = SHOP_MESSAGES[input.shopMessage] ?? { tone: 'bad' as const, text: 'Cửa hàng không nhận thông báo; dịch vụ báo có sẽ gửi lại sau.' };
  const back = input.returnUrl ? `<a class="button primary" href="${escapeHtml(input.returnUrl)}">Quay lại cửa hàng</a>` : '';
  const again = input.qr ? `<a class="button secondary" href="${BANK_SANDBOX_PATH}?qr=${encodeURIComponent(input.qr)}">Chuyển khoản khác</a>` : '';
  const body = `<main class="single"><section class="card" aria-labelledby="receipt-title">
<div class="result ok"><span class="icon" aria-hidden="true">✓</span><div><h1 id="receipt-title">Chuyển khoản thành công</h1>
<p class="muted">Mã giao dịch ${escapeHtml(input.referenceCode)} · ${escapeHtml(input.transactionDate)}</p></div></div>
<p class="amount">${escapeHtml(formatVnd(input.amount))}</p>
<dl>
<div><dt>Đến tài khoản</dt><dd>${escapeHtml(input.accountNo)}</dd></div>
<div><dt>Nội dung</dt><dd>${escapeHtml(input.content)}</dd></div>
<div><dt>Mã thông báo</dt><dd>${escapeHtml(input.providerTxnId)}</dd></div>
</dl></section>
<section class="card" aria-labelledby="shop-title" data-testid="bank-shop-answer">
<div class="result ${shop.tone}"><span class="icon" aria-hidden="true">${shop.tone === 'ok' ? '✓' : '!'}</span><div>
<h2 id="shop-title">Thông báo đến cửa hàng</h2><p class="muted">${escapeHtml(shop.text)}</p>
<span class="answer">HTTP ${input.shopStatus ?? '—'} · ${escapeHtml(input.shopMessage)}</span></div></div>
<form method="post" action="${BANK_SANDBOX_PATH}/notify-again">
<input type="hidden" name="id" value="${escapeHtml(input.providerTxnId)}"><input type="hidden" name="referenceCode" value="${escapeHtml(input.referenceCode)}">
<input type="hidden" name="accountNo" value="${escapeHtml(input.accountNo)}"><input type="hidden" name="amount" value="${input.amount}">
<input type="hidden" name="content" value="${escapeHtml(input.content)}"><input type="hidden" name="transactionDate" value="${escapeHtml(input.transactionDate)}">
<input type="hidden" name="qr" value="${escapeHtml(input.qr)}">
<div class="actions">${back}<button type="submit" class="secondary">Gửi lại thông báo</button>${again}</div>
</form></section></main>`;
  return layout('Biên lai chuyển khoản - NS Bank (thử nghiệm)', body);
}

export function bankErrorPage(message: string, code: string): string {
  const body = `<main class="single"><section class="card error" role="alert"><h1>Thông báo</h1>
<p>${escapeHtml(message)}</p><span class="code">Mã lỗi: ${escapeHtml(code)}</span></section></main>`;
  return layout('Lỗi - NS Bank (thử nghiệm)', body);
}
