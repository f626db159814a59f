import { describeVoucher, normalizeVoucherCode, VOUCHER_MESSAGES, type AvailableVoucherDto, type CartVoucherDto, type VoucherLine } from '@nhasach/shared';
import type { Db } from '../../db/client.ts';
import { checkRow, checkRows, voucherRefused } from './rules.ts';
import { categoryNames } from '../catalog/index.ts';
import * as repo from './repo.ts';

/** The voucher of a cart with its effect on the selected lines now (null when the shopper applied none). */
export async function cartVoucher(db: Db, userId: number, lines: readonly VoucherLine[], now: Date): Promise<CartVoucherDto | null> {
  const row = await repo.cartVoucherOf(db, userId);
  if (!row) return null;
  const check = await checkRow(db, row, userId, lines, now);
  return {
    code: row.code,
    name: row.name,
    kind: row.kind,
    description: describeVoucher(row),
    applicable: check.ok,
    message: check.ok ? null : check.message,
    discount: check.ok ? check.discount : 0,
    freeShipping: check.ok ? check.freeShipping : false,
  };
}

/** Applies a code to the cart when it fits the selection now; otherwise the 400 on voucherCode says why. */
export async function applyToCart(db: Db, userId: number, code: string, lines: readonly VoucherLine[], now: Date): Promise<void> {
  const row = await repo.findByCode(db, normalizeVoucherCode(code));
  if (!row) throw voucherRefused(VOUCHER_MESSAGES.unknown, 'UNKNOWN');
  const check = await checkRow(db, row, userId, lines, now);
  if (!check.ok) throw voucherRefused(check.message, check.reason);
  await repo.setCartVoucher(db, userId, row.id);
}

export const removeFromCart = (db: Db, userId: number) => repo.clearCartVoucher(db, userId);

/**
 * The running codes (switched on, window open), each with whether it applies to this customer's selection and
 * why not. Codes the customer has used up are listed too, with the reason, so the list explains itself.
 */
export async function availableFor(db: Db, userId: number, lines: readonly VoucherLine[], now: Date): Promise<AvailableVoucherDto[]> {
  const rows = await repo.runningVouchers(db, now);
  const names = await categoryNames(db, [...new Set(rows.flatMap((r) => r.categoryIds))]);
  const checks = await checkRows(db, rows, userId, lines, now);
  const out = rows.map((row, i): AvailableVoucherDto => {
    const check = checks[i]!;
    return {
      code: row.code,
      name: row.name,
      kind: row.kind,
      description: describeVoucher(row),
      endsAt: row.endsAt.toISOString(),
      categories: row.categoryIds.map((id) => names.get(id)).filter((n): n is string => n !== undefined),
      applicable: check.ok,
      reason: check.ok ? null : check.message,
      discount: check.ok ? check.discount : 0,
      freeShipping: check.ok ? check.freeShipping : false,
    };
  });
  // What applies first, the largest saving first.
  return out.sort((a, b) => Number(b.applicable) - Number(a.applicable) || b.discount - a.discount);
}
