import type { Tx } from '../../db/client.ts';
import { returnStock } from '../catalog/index.ts';
import { giveBackUse } from '../vouchers/index.ts';
import * as repo from './repo.ts';

/**
 * Gives the items' stock (and the voucher use, if any) back, exactly once per order: the stock_returned flag is
 * claimed in the same transaction, so a second cancel, a retry or a concurrent expiry finds it set and returns
 * nothing. The catalogue puts the books back in id order (the order creation takes them in the same order, so the
 * two never deadlock); the voucher use after the books, the lock order of order creation (books, then voucher).
 */
export async function returnStockOnce(tx: Tx, orderId: number): Promise<boolean> {
  if (!(await repo.claimStockReturn(tx, orderId))) return false;
  const items = await repo.itemsOf(tx, orderId);
  await returnStock(tx, items.map((i) => ({ bookId: i.bookId, qty: i.qty })));
  await giveBackUse(tx, orderId);
  return true;
}
