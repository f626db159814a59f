/**
 * Zones of a delivery, from the province codes of the shop and the receiver (the statistics office's codes, shared by
 * the 63 provinces before July 2025 and the 34 after: a merged province kept one of its codes). Carriers price by
 * such zones: within the province, within the region, across regions.
 */

export type Region = 'NORTH' | 'CENTRAL' | 'SOUTH';
/** INNER: same province; REGION: another province of the same region; FAR: another region. */
export type Zone = 'INNER' | 'REGION' | 'FAR';

/** The region of a province code: 01-37 the North, 38-68 the Centre and Central Highlands, 70-96 the South. */
export function regionOf(provinceCode: string): Region | null {
  if (!/^\d{2}$/.test(provinceCode)) return null;
  const n = Number(provinceCode);
  if (n >= 1 && n <= 37) return 'NORTH';
  if (n >= 38 && n <= 68) return 'CENTRAL';
  if (n >= 70 && n <= 96) return 'SOUTH';
  return null;
}

/** The zone from `from` to `to`, or null when a code is not a province's. */
export function zoneBetween(from: string, to: string): Zone | null {
  const a = regionOf(from);
  const b = regionOf(to);
  if (!a || !b) return null;
  if (from === to) return 'INNER';
  return a === b ? 'REGION' : 'FAR';
}

/** Working days from hand-over to delivery, by zone and method (what the checkout promises). */
export const ESTIMATED_DAYS: Record<Zone, Record<'STANDARD' | 'EXPRESS', { min: number; max: number }>> = {
  INNER: { STANDARD: { min: 1, max: 2 }, EXPRESS: { min: 1, max: 1 } },
  REGION: { STANDARD: { min: 2, max: 3 }, EXPRESS: { min: 1, max: 2 } },
  FAR: { STANDARD: { min: 3, max: 5 }, EXPRESS: { min: 2, max: 3 } },
};
