import { BanksObject } from 'vietnam-qr-pay';
import type { Config } from '../../../config.ts';

/** Where the built-in test bank lives (outside /api: it plays the bank and the notification service). */
export const BANK_SANDBOX_PATH = '/sandbox/bank';
export const BANK_WEBHOOK_PATH = '/api/v1/payments/bank-transfer/webhook';

/**
 * The demo account of the test bank (Vietcombank's BIN; the number and name are made up). Used only when no real
 * account is configured and the sandbox is on: the shop never shows it to real shoppers.
 */
export const DEMO_BANK_ACCOUNT = { bankBin: '970436', accountNo: '1234567890', accountName: 'NHA SACH DEMO' } as const;

export interface BankTransferSettings {
  /** Transfers can be offered: a real account, or the test bank. */
  enabled: boolean;
  /** The built-in test bank plays the bank and the notification service (no real money). */
  sandbox: boolean;
  /** NAPAS BIN of the receiving bank (6 digits). */
  bankBin: string;
  bankName: string;
  accountNo: string;
  /** As the bank holds it: capitals without accents. */
  accountName: string;
  /** HMAC key shared with the notification service; empty when transfers are off (every notification is refused). */
  webhookSecret: string;
  /** Unpaid transfer orders are cancelled after this long. */
  expiryMinutes: number;
  /** The test bank's page, when on. */
  sandboxUrl: string | null;
}

/** Short name of the bank with this BIN ('Vietcombank'), from the VietQR bank list. */
export function bankNameOf(bin: string): string {
  const bank = Object.values(BanksObject).find((b) => b.bin === bin);
  return bank?.shortName ?? `Ngân hàng ${bin}`;
}

/**
 * The shop's receiving account and webhook key: a real account (BANK_TRANSFER_ACCOUNT_NO) needs BANK_TRANSFER_BIN,
 * BANK_TRANSFER_ACCOUNT_NAME and BANK_TRANSFER_WEBHOOK_SECRET (throws at start otherwise); without one, the test
 * bank when it is on (demo account, per-installation secret), else transfers are off.
 */
export function bankTransferSettings(config: Config): BankTransferSettings {
  const expiryMinutes = config.BANK_TRANSFER_EXPIRY_MINUTES;
  if (config.BANK_TRANSFER_ACCOUNT_NO) {
    const { BANK_TRANSFER_BIN: bin, BANK_TRANSFER_ACCOUNT_NAME: name, BANK_TRANSFER_WEBHOOK_SECRET: secret } = config;
    if (!bin || !name || !secret) {
      throw new Error(
        'BANK_TRANSFER_ACCOUNT_NO is set, so BANK_TRANSFER_BIN, BANK_TRANSFER_ACCOUNT_NAME and BANK_TRANSFER_WEBHOOK_SECRET must be set too.',
      );
    }
    return {
      enabled: true,
      sandbox: false,
      bankBin: bin,
      bankName: bankNameOf(bin),
      accountNo: config.BANK_TRANSFER_ACCOUNT_NO,
      accountName: name.toUpperCase(),
      webhookSecret: secret,
      expiryMinutes,
      sandboxUrl: null,
    };
  }
  if (config.BANK_TRANSFER_SANDBOX && config.BANK_TRANSFER_SANDBOX_SECRET) {
    const bin = config.BANK_TRANSFER_BIN ?? DEMO_BANK_ACCOUNT.bankBin;
    return {
      enabled: true,
      sandbox: true,
      bankBin: bin,
      bankName: bankNameOf(bin),
      accountNo: DEMO_BANK_ACCOUNT.accountNo,
      accountName: (config.BANK_TRANSFER_ACCOUNT_NAME ?? DEMO_BANK_ACCOUNT.accountName).toUpperCase(),
      webhookSecret: config.BANK_TRANSFER_SANDBOX_SECRET,
      expiryMinutes,
      sandboxUrl: `${config.PUBLIC_URL}${BANK_SANDBOX_PATH}`,
    };
  }
  return {
    enabled: false,
    sandbox: false,
    bankBin: '',
    bankName: '',
    accountNo: '',
    accountName: '',
    webhookSecret: '',
    expiryMinutes,
    sandboxUrl: null,
  };
}
