import { ERROR_CODES } from '@nhasach/shared';
import type { Config } from '../../../config.ts';
import { AppError } from '../../../lib/errors.ts';
import { resolveReturnUrl, type ReachedAt } from '../return-url.ts';
import type { VnpaySettings } from './settings.ts';

export const NO_GATEWAY_MESSAGE = 'Cửa hàng chưa cấu hình cổng thanh toán VNPAY. Vui lòng chọn thanh toán khi nhận hàng.';

/**
 * What an online payment needs before anything is written: a gateway, and a return address that is one of ours.
 * Placing a VNPAY order checks it first (so a payment link that cannot be made leaves no unpaid order behind),
 * and starting a checkout checks it again. Returns the resolved return URL.
 */
export function assertOnlinePaymentReady(config: Config, settings: VnpaySettings, returnUrl: string | undefined, reached?: ReachedAt): string {
  if (!settings.enabled) throw new AppError(503, ERROR_CODES.paymentGatewayError, NO_GATEWAY_MESSAGE);
  return resolveReturnUrl(config, returnUrl, reached);
}
