/**
 * The sandbox carrier's page for staff and tests: its latest orders, each with buttons that advance it (picked up, in
 * delivery, delivered, failed) and post the signed webhook to the shop. No inline script or style (the store's CSP):
 * the style sheet is a file of the sandbox itself.
 */
import { formatVnd, SHIPMENT_STATUS_LABELS } from '@nhasach/shared';
import { ghnProtocol } from '../shipping/index.ts';
import type { SandboxOrderRow } from './repo.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The tester's buttons, as GHN statuses. */
export const SANDBOX_ACTIONS = [
  { status: 'picked', label: 'Đã lấy hàng' },
  { status: 'delivering', label: 'Đang giao' },
  { status: 'delivered', label: 'Đã giao' },
  { status: 'delivery_fail', label: 'Giao thất bại' },
] as const;
export type SandboxAction = (typeof SANDBOX_ACTIONS)[number]['status'];

export const CARRIER_SANDBOX_CSS_PATH = '/sandbox/carrier/assets/carrier.css';
export const CARRIER_SANDBOX_STYLES = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f3f4f6;color:#1f2937}
.banner{background:#fef3c7;border-bottom:2px solid #f59e0b;color:#78350f;text-align:center;font-size:14px;font-weight:600;padding:10px 16px}
header{background:#f26522;color:#fff;padding:14px 20px}header h1{margin:0;font-size:20px}
main{max-width:1100px;margin:20px auto;padding:0 16px}
.notice{background:#ecfdf5;border:1px solid #a7f3d0;color:#065f46;border-radius:10px;padding:10px 14px;margin-bottom:14px}
.notice.bad{background:#fef2f2;border-color:#fecaca;color:#991b1b}
.order{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.08);padding:14px 16px;margin-bottom:12px}
.order h2{margin:0 0 6px;font-size:16px}.meta{color:#4b5563;font-size:14px;line-height:1.6}
.status{display:inline-block;background:#eef2ff;color:#3730a3;border-radius:999px;padding:2px 10px;font-size:13px;font-weight:600}
form{display:flex;flex-wrap:wrap;gap:8px;margin-top:10px}
button{border:0;border-radius:8px;padding:10px 14px;font-size:14px;font-weight:700;cursor:pointer;background:#f26522;color:#fff;min-height:44px}
button.fail{background:#fee2e2;color:#b91c1c}button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
.empty{color:#6b7280;text-align:center;padding:40px}`;

export function carrierPage(rows: readonly SandboxOrderRow[], notice?: { ok: boolean; text: string }): string {
  const list = rows.length
    ? rows
        .map((r) => {
          const known = ghnProtocol.GHN_STATUSES[r.status];
          const label = known ? `${SHIPMENT_STATUS_LABELS[known.status]} (${r.status})` : r.status;
          const buttons = SANDBOX_ACTIONS.map(
            (a) => `<button type="submit" name="status" value="${a.status}"${a.status === 'delivery_fail' ? ' class="fail"' : ''}>${escapeHtml(a.label)}</button>`,
          ).join('');
          return `<section class="order" aria-labelledby="o-${r.id}"><h2 id="o-${r.id}">Vận đơn ${escapeHtml(r.orderCode)} · đơn ${escapeHtml(r.clientOrderCode)}</h2>
<div class="meta">Người nhận: ${escapeHtml(r.toName)} - ${escapeHtml(r.toPhone)}<br>${escapeHtml(r.toAddress)}<br>
Khối lượng: ${r.weight} g · Phí: ${escapeHtml(formatVnd(r.totalFee))} · Thu hộ: ${escapeHtml(formatVnd(r.codAmount))}<br>
Trạng thái: <span class="status">${escapeHtml(label)}</span></div>
<form method="post" action="/sandbox/carrier/orders/${encodeURIComponent(r.orderCode)}">${buttons}</form></section>`;
        })
        .join('\n')
    : '<p class="empty">Chưa có vận đơn nào.</p>';
  const note = notice ? `<p class="notice${notice.ok ? '' : ' bad'}" role="status">${escapeHtml(notice.text)}</p>` : '';
  return `<!doctype html>
<html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Đơn vị vận chuyển thử nghiệm</title><link rel="stylesheet" href="${CARRIER_SANDBOX_CSS_PATH}"></head>
<body><div class="banner">Môi trường thử nghiệm: không có bưu tá thật, mỗi nút gửi thông báo vận chuyển (đã ký) về cửa hàng.</div>
<header><h1>Vận chuyển thử nghiệm (theo API GHN)</h1></header>
<main>${note}${list}</main></body></html>`;
}
