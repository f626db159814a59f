import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QTY_MAX, type CartMergeDto } from '@nhasach/shared';
import type { Db } from '../../db/client.ts';
import { cartItems, guestCarts } from '../../db/schema/cart.ts';
import { GUEST_CART_COOKIE, clearGuestCartCookie, readGuestCartId } from './guest-cookie.ts';
import { guestLines } from './guest-repo.ts';
import { findLine, withBooks } from './repo.ts';

/**
 * Moves a guest cart into the account's cart (at login and at the end of a registration), then deletes it.
 * Quantities of the same book are added up, each line kept within the book's stock and QTY_MAX; a line that had to
 * be cut, or a book that can no longer be bought, is named in the notices. The guest cart's row is locked first, so
 * two logins sent together merge it once (the second finds it gone).
 */
export async function mergeGuestCart(db: Db, guestId: string, userId: number): Promise<CartMergeDto> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: guestCarts.id }).from(guestCarts).where(eq(guestCarts.id, guestId)).for('update');
    if (!locked) return { merged: 0, notices: [] };
    const lines = await withBooks(tx, await guestLines(tx, guestId));
    const notices: string[] = [];
    let merged = 0;
    for (const line of lines.slice().reverse()) {
      if (line.status !== 'ACTIVE' || line.stock <= 0) {
        notices.push(`"${line.title}" hiện đã hết hàng nên không được chuyển vào giỏ hàng.`);
        continue;
      }
      const had = (await findLine(tx, userId, line.bookId))?.qty ?? 0;
      const limit = Math.min(QTY_MAX, line.stock);
      const wanted = had + line.qty;
      const qty = Math.max(had, Math.min(wanted, limit));
      if (qty < wanted) {
        notices.push(
          line.stock < QTY_MAX && qty === line.stock
            ? `"${line.title}" chỉ còn ${line.stock} cuốn nên giỏ hàng giữ ${qty} cuốn.`
            : `"${line.title}": mỗi sản phẩm chỉ được mua tối đa ${QTY_MAX} cuốn, giỏ hàng giữ ${qty} cuốn.`,
        );
      }
      if (qty === had) continue;
      await tx
        .insert(cartItems)
        .values({ userId, bookId: line.bookId, qty, selected: line.selected })
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.bookId],
          set: { qty, selected: sql`${cartItems.selected} or excluded.selected`, updatedAt: new Date() },
        });
      merged++;
    }
    await tx.delete(guestCarts).where(eq(guestCarts.id, guestId));
    return { merged, notices };
  });
}

/**
 * The login's and the registration's step: merges the cart the request's guest cookie names (if any) into the
 * account's and clears the cookie. Null when there was no guest cart.
 */
export async function mergeGuestCartOf(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<CartMergeDto | null> {
  if (request.cookies[GUEST_CART_COOKIE] === undefined) return null;
  const guestId = readGuestCartId(request);
  if (!guestId) {
    clearGuestCartCookie(request, reply);
    return null;
  }
  try {
    const merged = await mergeGuestCart(request.server.db, guestId, userId);
    clearGuestCartCookie(request, reply);
    return merged;
  } catch (err) {
    // The login itself succeeded: the guest cart stays (with its cookie) for the next login to merge.
    request.log.warn({ err }, 'guest cart not merged at login');
    return null;
  }
}
