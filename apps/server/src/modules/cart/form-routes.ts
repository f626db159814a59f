import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, QTY_MAX } from '@nhasach/shared';
import { byIp, createLimiter } from '../../lib/rate-limit.ts';
import { newGuestCartId, readGuestCartId, setGuestCartCookie } from './guest-cookie.ts';
import { createGuestCart, liveGuestCart, touchGuestCart } from './guest-repo.ts';
import { addItem } from './service.ts';

/** Where the form lands: the cart, or the cart with a note that the book could not be added. */
export const CART_FORM_PATH = '/gio-hang/them';
export const CART_FORM_FAILED = '/gio-hang?themLoi=1';

const formBody = z.object({
  bookId: idParam('bookId'),
  qty: z
    .string()
    .regex(/^[0-9]{1,2}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(QTY_MAX))
    .optional(),
  /** 'buy': "Mua ngay" of the bar: to login (or, signed in, straight on) and then checkout with the book. */
  intent: z.enum(['add', 'buy']).optional(),
});

/**
 * The product page's buy bar before the app's scripts run: a plain <form method="post"> to /gio-hang/them (no
 * JavaScript, no token). The book goes into the browser's guest cart (signed cookie, as POST /api/v1/cart/items
 * for a guest) and the browser is sent to the cart; a signed-in shopper's app moves that guest cart into the
 * account's cart at its next cart call (routes.ts). Only the shop's own pages may post it (Origin /
 * Sec-Fetch-Site), so another site cannot fill a visitor's cart.
 */
export async function cartFormRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const newGuestCarts = createLimiter(app, { name: 'guest-cart-ip', max: 20, windowMs: 60 * 60_000, key: byIp });
  const publicOrigin = new URL(app.config.PUBLIC_URL).origin;

  r.post(
    CART_FORM_PATH,
    {
      // The browser's own redirect answers a bad form too: the shopper lands on the cart with a note, never on JSON.
      attachValidation: true,
      schema: { tags: ['cart'], summary: "The buy bar's form before JavaScript: adds to the guest cart, then 303 to /gio-hang", body: formBody },
    },
    async (request, reply) => {
      const site = request.headers['sec-fetch-site'];
      const origin = request.headers.origin;
      const host = request.headers.host;
      const hostOf = (url: string) => {
        try {
          return new URL(url).host;
        } catch {
          return undefined;
        }
      };
      const sameSite =
        (site === undefined || site === 'same-origin' || site === 'none') &&
        (origin === undefined || origin === publicOrigin || (host !== undefined && hostOf(origin) === host));
      if (!sameSite || request.validationError) return reply.redirect(CART_FORM_FAILED, 303);
      if (request.body.intent === 'buy') {
        // Checkout needs an account: the login page sends a signed-in shopper straight on to the checkout's buy now.
        const next = `/checkout?buyNow=${request.body.bookId}&qty=${request.body.qty ?? 1}`;
        return reply.redirect(`/dang-nhap?next=${encodeURIComponent(next)}`, 303);
      }
      try {
        let guestId = readGuestCartId(request);
        if (guestId && !(await liveGuestCart(app.db, guestId))) guestId = undefined;
        if (guestId) await touchGuestCart(app.db, guestId);
        else {
          await newGuestCarts.hit.call(app, request, reply);
          guestId = newGuestCartId();
          await createGuestCart(app.db, guestId);
          setGuestCartCookie(request, reply, guestId);
        }
        await addItem(app.db, { kind: 'guest', guestId }, request.body.bookId, request.body.qty ?? 1);
      } catch (err) {
        request.log.info({ err }, 'buy bar form: book not added');
        return reply.redirect(CART_FORM_FAILED, 303);
      }
      return reply.redirect('/gio-hang', 303);
    },
  );
}
