import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyVoucherSchema, cartAddSchema, cartClearSchema, cartSelectAllSchema, cartUpdateSchema, idParams } from '@nhasach/shared';
import { envelope } from '../../lib/envelope.ts';
import { currentUser, optionalAuth } from '../../lib/guards.ts';
import { byIp, createLimiter } from '../../lib/rate-limit.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { GUEST_CART_COOKIE, newGuestCartId, readGuestCartId, setGuestCartCookie } from './guest-cookie.ts';
import { mergeGuestCartOf } from './merge.ts';
import { createGuestCart, liveGuestCart, touchGuestCart } from './guest-repo.ts';
import type { CartOwner } from './repo.ts';
import { buildCart } from './lines.ts';
import * as service from './service.ts';

const bookParams = idParams('bookId');

// No body at all means {onlyUnselected: false}.
const clearBody = z.preprocess((v) => v ?? {}, cartClearSchema);

/**
 * Spec section 7, Cart. Every answer is the whole recomputed cart. Under /api/v1. A signed-in user (bearer token)
 * works on the account's cart; a visitor on a guest cart named by a signed cookie (created at the first add, limited
 * per address); vouchers need an account. A bad token is still a 401, so the app refreshes it rather than falling
 * back to a guest cart.
 */
export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cart'];
  // The bearer token is optional (a guest cart otherwise), except for vouchers.
  const security: { [label: string]: string[] }[] = [{ bearerAuth: [] }, {}];
  const userSecurity = [{ bearerAuth: [] }];
  r.addHook('onRequest', optionalAuth);
  // A signed-in shopper whose browser still has a guest cart (filled before logging in elsewhere, or by the buy
  // bar's form before the app's scripts ran) gets it moved into the account's cart at the first cart call.
  r.addHook('preHandler', async (request, reply) => {
    if (request.authUser && request.cookies[GUEST_CART_COOKIE] !== undefined) await mergeGuestCartOf(request, reply, request.authUser.id);
  });
  // New guest carts per address: a script cannot fill the table with carts.
  const newGuestCarts = createLimiter(app, {
    name: 'guest-cart-ip',
    max: 20,
    windowMs: 60 * 60_000,
    key: byIp,
    message: () => 'Bạn đã tạo quá nhiều giỏ hàng. Vui lòng đăng nhập hoặc thử lại sau.',
  });

  /** Whose cart the request reads: the user's, the live guest cart of the cookie, or none yet (a guest's empty cart). */
  const readOwner = async (request: FastifyRequest): Promise<CartOwner | undefined> => {
    if (request.authUser) return { kind: 'user', userId: request.authUser.id };
    const guestId = readGuestCartId(request);
    return guestId && (await liveGuestCart(app.db, guestId)) ? { kind: 'guest', guestId } : undefined;
  };
  /** As readOwner, but a visitor without a cart gets one (and its cookie); a guest cart's use keeps it alive. */
  const writeOwner = async (request: FastifyRequest, reply: FastifyReply): Promise<CartOwner> => {
    const owner = await readOwner(request);
    if (owner?.kind === 'guest') await touchGuestCart(app.db, owner.guestId);
    if (owner) return owner;
    await newGuestCarts.hit.call(app, request, reply);
    const guestId = newGuestCartId();
    await createGuestCart(app.db, guestId);
    setGuestCartCookie(request, reply, guestId);
    return { kind: 'guest', guestId };
  };
  const emptyCart = () => buildCart([], new Date());
  /** The voucher calls need an account; checked in onRequest, so a guest's malformed body is a 401 too. */
  const userOnly = async (request: FastifyRequest) => {
    if (!request.authUser) throw unauthorized('Vui lòng đăng nhập để dùng mã giảm giá.');
  };

  r.get('/cart', { schema: { tags, security, summary: 'My cart (or the guest cart) with the summary of the selected lines' } }, async (request) => {
    const owner = await readOwner(request);
    return owner ? service.cartOf(app.db, owner) : emptyCart();
  });
  r.post(
    '/cart/items',
    { schema: { tags, security, summary: 'Add a book (adds to the quantity in the cart); a guest gets a guest cart', body: cartAddSchema } },
    async (request, reply) =>
      envelope(200, await service.addItem(app.db, await writeOwner(request, reply), request.body.bookId, request.body.qty), 'Đã thêm vào giỏ hàng'),
  );
  r.put(
    '/cart/items/:bookId',
    { schema: { tags, security, summary: 'Select/deselect a line or set its quantity (0 removes)', params: bookParams, body: cartUpdateSchema } },
    async (request) => {
      const owner = await readOwner(request);
      if (!owner) throw notFound('Sản phẩm không có trong giỏ hàng.');
      if (owner.kind === 'guest') await touchGuestCart(app.db, owner.guestId);
      return service.updateItem(app.db, owner, request.params.bookId, request.body);
    },
  );
  r.delete('/cart/items/:bookId', { schema: { tags, security, summary: 'Remove a line', params: bookParams } }, async (request) => {
    const owner = await readOwner(request);
    return owner ? service.removeItem(app.db, owner, request.params.bookId) : emptyCart();
  });
  r.post('/cart/clear', { schema: { tags, security, summary: 'Empty the cart, or remove the unselected lines', body: clearBody } }, async (request) => {
    const owner = await readOwner(request);
    return owner ? service.clearCart(app.db, owner, request.body.onlyUnselected) : emptyCart();
  });
  r.put(
    '/cart/voucher',
    {
      onRequest: userOnly,
      schema: { tags, security: userSecurity, summary: 'Apply a voucher code to the cart (replaces the one applied); 400 on voucherCode says why not', body: applyVoucherSchema },
    },
    async (request) => envelope(200, await service.applyVoucher(app.db, currentUser(request).id, request.body.voucherCode), 'Đã áp dụng mã giảm giá'),
  );
  r.delete('/cart/voucher', { onRequest: userOnly, schema: { tags, security: userSecurity, summary: 'Remove the voucher code from the cart' } }, async (request) =>
    envelope(200, await service.removeVoucher(app.db, currentUser(request).id), 'Đã bỏ mã giảm giá'),
  );
  r.put('/cart/select-all', { schema: { tags, security, summary: 'Select or deselect every line', body: cartSelectAllSchema } }, async (request) => {
    const owner = await readOwner(request);
    return owner ? service.selectAll(app.db, owner, request.body.selected) : emptyCart();
  });
}
