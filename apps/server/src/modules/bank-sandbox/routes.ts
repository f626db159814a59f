/**
 * The built-in test bank, outside /api: GET shows the transfer a scanned VietQR asks for, POST makes it and sends
 * the shop the signed notification a transfer-notification service would send (then shows the receipt with the
 * shop's answer); notify-again replays the same notification. The notification goes over HTTP to this server's
 * own address, as a notification service calls the shop. Registered only when the sandbox is on, which it never is
 * with a real account configured: whoever can reach it could otherwise pay orders with no money.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BANK_TRANSFER_SIGNATURE_HEADER, orderCodesIn, type BankTransferWebhookAnswer, type BankTransferWebhookBody } from '@nhasach/shared';
import { cspDirectives, cspHeader } from '../../lib/security-headers.ts';
import {
  BANK_SANDBOX_PATH,
  BANK_WEBHOOK_PATH,
  bankNameOf,
  decodeVietQr,
  ownOrigin,
  signBankNotification,
  type BankTransferSettings,
} from '../payments/index.ts';
import { bankErrorPage, BANK_SANDBOX_ASSETS, BANK_SANDBOX_STYLES, receiptPage, transferPage } from './page.ts';

const vietnamTime = (d: Date) => {
  const local = new Date(d.getTime() + 7 * 3600_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
};

const field = (form: Record<string, unknown>, name: string, max = 200): string => {
  const v = form[name];
  return typeof v === 'string' ? v.trim().slice(0, max) : '';
};

export async function bankSandboxRoutes(app: FastifyInstance, opts: { settings: BankTransferSettings }): Promise<void> {
  const { settings } = opts;
  const csp = cspHeader(cspDirectives(app.config));
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', csp).send(body);
  const routeOpts = { schema: { hide: true } };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
    const params: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))) params[k] ??= v;
    done(null, params);
  });

  app.get(BANK_SANDBOX_ASSETS.css, routeOpts, async (_request, reply) => {
    return reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(BANK_SANDBOX_STYLES);
  });

  app.get(BANK_SANDBOX_PATH, routeOpts, async (request, reply) => {
    const qr = field(request.query as Record<string, unknown>, 'qr', 512);
    const base = { bankName: settings.bankName, accountNo: settings.accountNo, accountName: settings.accountName, qr };
    if (!qr) return html(reply, 200, transferPage({ ...base, amount: null, note: '', problem: 'Chưa có mã VietQR: nhập số tiền và nội dung.' }));
    const decoded = decodeVietQr(qr);
    if (!decoded.valid) return html(reply, 400, bankErrorPage('Mã VietQR không hợp lệ (sai cấu trúc hoặc mã kiểm tra CRC).', 'QR'));
    return html(
      reply,
      200,
      transferPage({
        bankName: decoded.bankBin ? bankNameOf(decoded.bankBin) : settings.bankName,
        accountNo: decoded.accountNo ?? '',
        accountName: decoded.accountNo === settings.accountNo ? settings.accountName : '',
        amount: decoded.amount,
        note: decoded.note ?? '',
        qr,
      }),
    );
  });

  /** Sends the shop the notification of one transaction, signed as the service signs it, and shows the receipt. */
  const notify = async (reply: FastifyReply, form: Record<string, unknown>, replay: boolean) => {
    const amount = Number(field(form, 'amount', 12));
    const accountNo = field(form, 'accountNo', 40);
    const content = field(form, 'content');
    if (!Number.isSafeInteger(amount) || amount < 1 || !accountNo || !content) {
      return html(reply, 400, bankErrorPage('Vui lòng nhập số tiền (số nguyên dương) và nội dung chuyển khoản.', '03'));
    }
    const now = new Date();
    const id = replay && /^\d{1,15}$/.test(field(form, 'id')) ? field(form, 'id') : String(randomInt(100_000_000, 999_999_999));
    const referenceCode = replay && field(form, 'referenceCode') ? field(form, 'referenceCode', 100) : `FT${String(randomInt(10 ** 11, 10 ** 12 - 1))}`;
    const transactionDate = replay && field(form, 'transactionDate') ? field(form, 'transactionDate', 40) : vietnamTime(now);
    const body: BankTransferWebhookBody = {
      id: Number(id),
      gateway: settings.bankName,
      transactionDate,
      accountNumber: accountNo,
      code: null,
      content,
      transferType: 'in',
      transferAmount: amount,
      accumulated: null,
      subAccount: null,
      referenceCode,
      description: `BankAPINotify ${content}`,
    };
    const raw = JSON.stringify(body);
    let shopStatus: number | null = null;
    let shopMessage = 'ERROR';
    try {
      const res = await fetch(`${ownOrigin(app)}${BANK_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [BANK_TRANSFER_SIGNATURE_HEADER]: `sha256=${signBankNotification(raw, settings.webhookSecret)}` },
        body: raw,
        signal: AbortSignal.timeout(10_000),
      });
      shopStatus = res.status;
      shopMessage = ((await res.json()) as BankTransferWebhookAnswer).message ?? 'ERROR';
    } catch (err) {
      app.log.warn({ err }, 'test bank notification failed');
    }
    const code = orderCodesIn(content)[0];
    return html(
      reply,
      200,
      receiptPage({
        providerTxnId: id,
        referenceCode,
        accountNo,
        amount,
        content,
        transactionDate,
        shopStatus,
        shopMessage,
        returnUrl: code ? `${app.config.PUBLIC_URL}/orders/${code}/chuyen-khoan` : null,
        qr: field(form, 'qr', 512),
      }),
    );
  };

  app.post(BANK_SANDBOX_PATH, routeOpts, async (request, reply) => {
    return notify(reply, (request.body ?? {}) as Record<string, unknown>, false);
  });
  app.post(`${BANK_SANDBOX_PATH}/notify-again`, routeOpts, async (request, reply) => {
    return notify(reply, (request.body ?? {}) as Record<string, unknown>, true);
  });
}
