import type { Config } from '../../config.ts';
import { transactionApiUrl, type VnpCredentials } from './vnpay.ts';

/** Where the built-in gateway lives (outside /api: it plays VNPAY, not our API). */
export const SANDBOX_PATH = '/sandbox/vnpay';
export const SANDBOX_API_PATH = `${SANDBOX_PATH}/merchant_webapi/api/transaction`;
export const IPN_PATH = '/api/v1/payments/vnpay/ipn';

/**
 * Credentials of the built-in sandbox when none are configured. They only ever sign traffic between this server
 * and itself; a real gateway (VNPAY_URL set) refuses to start without real ones.
 */
export const SANDBOX_TMN_CODE = 'NHASACH1';
export const SANDBOX_HASH_SECRET = 'NHASACHSANDBOXSECRETKEY2025DEV01';

export interface VnpaySettings extends VnpCredentials {
  /** Payment page the shopper is sent to. */
  payUrl: string;
  /** Merchant web API for querydr and refund. */
  apiUrl: string;
  /** True when this server plays the gateway itself (VNPAY_URL unset). */
  sandbox: boolean;
  /** Our IPN address as the gateway calls it. */
  ipnUrl: string;
}

export function vnpaySettings(config: Config): VnpaySettings {
  const ipnUrl = `${config.PUBLIC_URL}${IPN_PATH}`;
  if (!config.VNPAY_URL) {
    return {
      tmnCode: config.VNPAY_TMN_CODE ?? SANDBOX_TMN_CODE,
      hashSecret: config.VNPAY_HASH_SECRET ?? SANDBOX_HASH_SECRET,
      payUrl: `${config.PUBLIC_URL}${SANDBOX_PATH}`,
      apiUrl: `${config.PUBLIC_URL}${SANDBOX_API_PATH}`,
      sandbox: true,
      ipnUrl,
    };
  }
  if (!config.VNPAY_TMN_CODE || !config.VNPAY_HASH_SECRET) {
    throw new Error('VNPAY_URL is set, so VNPAY_TMN_CODE and VNPAY_HASH_SECRET must be set too.');
  }
  return {
    tmnCode: config.VNPAY_TMN_CODE,
    hashSecret: config.VNPAY_HASH_SECRET,
    payUrl: config.VNPAY_URL,
    apiUrl: transactionApiUrl(config.VNPAY_URL),
    sandbox: false,
    ipnUrl,
  };
}
