import type { Config } from '../../../config.ts';
import { transactionApiUrl, type VnpCredentials } from './protocol.ts';

/** Where the built-in gateway lives (outside /api: it plays VNPAY, not our API). */
export const SANDBOX_PATH = '/sandbox/vnpay';
export const SANDBOX_API_PATH = `${SANDBOX_PATH}/merchant_webapi/api/transaction`;
/** Our IPN address, under the server's origin: what the gateway calls. */
export const IPN_PATH = '/api/v1/payments/vnpay/ipn';

/**
 * Merchant code of the built-in sandbox when none is configured (not a secret). Its hash secret is generated per
 * installation (DATA_DIR/vnpay-sandbox-secret, see config.ts), so no one can sign a payment result with a value
 * read in the source. A real gateway (VNPAY_URL set) refuses to start without real credentials.
 */
export const SANDBOX_TMN_CODE = 'NHASACH1';

export interface VnpaySettings extends VnpCredentials {
  /** Payment page the shopper is sent to. */
  payUrl: string;
  /** Merchant web API for querydr and refund (the built-in gateway's is reached at this server's own address). */
  apiUrl: string;
  /** True when this server plays the gateway itself (VNPAY_URL unset and VNPAY_SANDBOX on). */
  sandbox: boolean;
  /** False when there is no gateway at all (production without VNPAY_URL and without VNPAY_SANDBOX). */
  enabled: boolean;
}

export function vnpaySettings(config: Config): VnpaySettings {
  if (!config.VNPAY_URL) {
    if (!config.VNPAY_SANDBOX || !config.VNPAY_SANDBOX_SECRET) {
      // No gateway: checkouts are refused and every IPN is answered 'invalid signature' (no key accepts it).
      return { tmnCode: '', hashSecret: '', payUrl: '', apiUrl: '', sandbox: false, enabled: false };
    }
    return {
      tmnCode: config.VNPAY_TMN_CODE ?? SANDBOX_TMN_CODE,
      hashSecret: config.VNPAY_SANDBOX_SECRET,
      payUrl: `${config.PUBLIC_URL}${SANDBOX_PATH}`,
      apiUrl: `${config.PUBLIC_URL}${SANDBOX_API_PATH}`,
      sandbox: true,
      enabled: true,
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
    enabled: true,
  };
}
