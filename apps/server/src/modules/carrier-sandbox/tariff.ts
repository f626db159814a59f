import { zoneBetween, type Zone } from '../shipping/index.ts';

/**
 * The built-in carrier's tariff (docs/decisions.md, Shipping by carrier): a price for the first 500 g by zone, then a
 * price per further 500 g started; express costs half as much again, rounded up to the next 1.000 ₫. Parcels over
 * 30 kg and the island special zones (đặc khu) are not served, as a light-parcel service would not.
 */
export const SANDBOX_TARIFF: Record<Zone, { first: number; step: number }> = {
  INNER: { first: 15_000, step: 2_500 },
  REGION: { first: 22_000, step: 4_000 },
  FAR: { first: 32_000, step: 5_000 },
};
export const STEP_GRAM = 500;
export const MAX_WEIGHT_GRAM = 30_000;

export type TariffOutcome = { ok: true; fee: number; zone: Zone } | { ok: false; message: string };

export function sandboxFee(input: { fromProvinceCode: string | null; toProvinceCode: string | null; toWardName: string; weightGram: number; express: boolean }): TariffOutcome {
  const zone = input.fromProvinceCode && input.toProvinceCode ? zoneBetween(input.fromProvinceCode, input.toProvinceCode) : null;
  if (!zone) return { ok: false, message: 'Không tìm thấy tỉnh/thành phố nhận hàng.' };
  if (/^Đặc khu/u.test(input.toWardName.trim())) return { ok: false, message: 'Tuyến giao đến đặc khu chưa được hỗ trợ.' };
  if (!Number.isInteger(input.weightGram) || input.weightGram <= 0) return { ok: false, message: 'Khối lượng không hợp lệ.' };
  if (input.weightGram > MAX_WEIGHT_GRAM) return { ok: false, message: 'Khối lượng vượt quá 30 kg.' };
  const { first, step } = SANDBOX_TARIFF[zone];
  const steps = Math.ceil(Math.max(0, input.weightGram - STEP_GRAM) / STEP_GRAM);
  const standard = first + steps * step;
  return { ok: true, zone, fee: input.express ? Math.ceil((standard * 1.5) / 1000) * 1000 : standard };
}
