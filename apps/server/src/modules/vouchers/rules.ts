import {
  describeVoucher,
  evaluateVoucher,
  VOUCHER_MESSAGES,
  type VoucherCheck,
  type VoucherEffect,
  type VoucherLine,
  type VoucherRefusal,
  type VoucherTerms,
} from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, type AppError } from '../../lib/errors.ts';
import { loadCategoryRows, withDescendants, type CategoryRow } from '../catalog/index.ts';
import * as repo from './repo.ts';

/**
 * The voucher rule on the server: the shared evaluateVoucher over a row, its categories widened to their
 * subcategories, and the customer's live uses. A refusal is a 400 on the field voucherCode with the rule's message.
 */

export const voucherRefused = (message: string, reason: VoucherRefusal): AppError =>
  badRequest(message, [{ field: 'voucherCode', message }], { reason });

/** A row's terms for the shared rule, its categories widened to every subcategory (`tree`: all categories). */
export function termsOf(row: repo.VoucherRow, tree: readonly CategoryRow[]): VoucherTerms {
  return {
    kind: row.kind,
    value: row.value,
    maxDiscount: row.maxDiscount,
    minSubtotal: row.minSubtotal,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    totalUses: row.totalUses,
    perCustomerLimit: row.perCustomerLimit,
    usedCount: row.usedCount,
    active: row.active,
    categoryIds: [...new Set(row.categoryIds.flatMap((id) => withDescendants(tree, id)))],
  };
}

/** The rule's answer for one voucher row, this customer and these selected lines. */
export async function checkRow(db: Db | Tx, row: repo.VoucherRow, userId: number, lines: readonly VoucherLine[], now: Date): Promise<VoucherCheck> {
  const [tree, uses] = await Promise.all([row.categoryIds.length ? loadCategoryRows(db) : [], repo.customerUses(db, row.id, userId)]);
  return evaluateVoucher(termsOf(row, tree), lines, { now, customerUses: uses });
}

/** The rule's answers for several rows: the category tree and the customer's uses read once for all of them. */
export async function checkRows(db: Db, rows: readonly repo.VoucherRow[], userId: number, lines: readonly VoucherLine[], now: Date): Promise<VoucherCheck[]> {
  const [tree, uses] = await Promise.all([
    rows.some((r) => r.categoryIds.length) ? loadCategoryRows(db) : [],
    repo.customerUsesByVoucher(db, userId, rows.map((r) => r.id)),
  ]);
  return rows.map((row) => evaluateVoucher(termsOf(row, tree), lines, { now, customerUses: uses.get(row.id) ?? 0 }));
}

export const describeRow = (row: repo.VoucherRow): string => describeVoucher(row);

/**
 * Inside the order's transaction: locks the voucher row (concurrent orders with the same code wait here, so the
 * limits are read after every earlier use committed or rolled back) and checks it against the order's lines.
 * The use itself is written by recordUse once the order exists; both commit or roll back with the order.
 */
export async function lockForOrder(
  tx: Tx,
  code: string,
  userId: number,
  lines: readonly VoucherLine[],
  now: Date,
): Promise<{ voucher: repo.VoucherRow; effect: VoucherEffect }> {
  const voucher = await repo.lockByCode(tx, code);
  if (!voucher) throw voucherRefused(VOUCHER_MESSAGES.unknown, 'UNKNOWN');
  const check = await checkRow(tx, voucher, userId, lines, now);
  if (!check.ok) throw voucherRefused(check.message, check.reason);
  return { voucher, effect: { discount: check.discount, freeShipping: check.freeShipping } };
}

/** Counts the use (under the lock taken by lockForOrder). */
export function recordUse(tx: Tx, use: { voucherId: number; userId: number; orderId: number; discount: number; shippingDiscount: number }) {
  return repo.insertUse(tx, use);
}

/** A cancelled or expired order gives its voucher use back (once; nothing when it used none). */
export function giveBackUse(tx: Tx, orderId: number, at = new Date()): Promise<boolean> {
  return repo.releaseUse(tx, orderId, at);
}
