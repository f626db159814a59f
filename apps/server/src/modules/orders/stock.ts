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
export async function returnStockOnce(tx: Tx, order: { id: number; code: string }): Promise<boolean> {
  if (!(await repo.claimStockReturn(tx, order.id))) return false;
  const items = await repo.itemsOf(tx, order.id);
  // The stock ledger records the units coming back as ORDER_CANCELLED movements of this order.
  await returnStock(tx, items.map((i) => ({ bookId: i.bookId, qty: i.qty })), { orderId: order.id, orderCode: order.code });
  await giveBackUse(tx, order.id);
  return true;
}
