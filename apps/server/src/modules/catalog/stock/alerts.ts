import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { STOCK_ALERT_MESSAGES, type StockAlertStateDto } from '@nhasach/shared';
import { queryRows, type Db, type Tx } from '../../../db/client.ts';
import { stockAlerts } from '../../../db/schema/stock.ts';
import { intArray } from '../../../lib/db-values.ts';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { enqueueMail } from '../../mail/index.ts';

/**
 * "Báo tôi khi có hàng": shoppers waiting for a sold-out book. A signed-in shopper's request is confirmed at once;
 * a guest's e-mail gets a confirmation link first (no one can sign up someone else's address). When the ledger
 * records a movement that takes a book from zero to some stock (recordMovements, the one door every stock change
 * goes through), every confirmed request of that book is mailed through the outbox in the same transaction and
 * stamped notified: mailed once, whatever later movements do. A new request can be made after that.
 */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const productPath = (slug: string) => `/books/${encodeURIComponent(slug)}`;

function mailBody(title: string, intro: string, link: string, action: string): { text: string; html: string } {
  const text = ['Xin chào,', '', intro, '', `${action}: ${link}`, '', 'Nhà Sách'].join('\n');
  const html = `<!doctype html>
<html lang="vi"><body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:20px;color:#b91c1c">Nhà Sách</h1>
<p style="margin:0 0 8px">Xin chào,</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px"><strong>${escapeHtml(title)}</strong></p>
<p style="margin:0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#b91c1c;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>
</div></body></html>`;
  return { text, html };
}

interface AlertBook {
  id: number;
  slug: string;
  title: string;
  status: string;
  stock: number;
}

async function alertBook(db: Db | Tx, bookId: number): Promise<AlertBook> {
  const [book] = await queryRows<AlertBook>(db, sql`select id, slug, title, status, stock from books where id = ${bookId}`);
  if (!book || book.status === 'DRAFT') throw notFound('Không tìm thấy sách.');
  if (book.status === 'INACTIVE') throw badRequest(STOCK_ALERT_MESSAGES.unavailable);
  if (book.status === 'ACTIVE' && book.stock > 0) throw conflict(STOCK_ALERT_MESSAGES.inStock);
  return book;
}

export interface SubscribeInput {
  bookId: number;
  /** The signed-in shopper (their account's e-mail), or undefined for a guest. */
  user?: { id: number; email: string };
  /** A guest's e-mail. */
  email?: string;
  shopUrl: string;
}

/** Subscribes; answers whether a confirmation mail was sent (guests) or the request is confirmed already. */
export async function subscribeStockAlert(db: Db, input: SubscribeInput): Promise<{ confirmed: boolean; message: string }> {
  const email = (input.user?.email ?? input.email ?? '').trim();
  if (!email) throw new AppError(400, 'VALIDATION_ERROR', STOCK_ALERT_MESSAGES.emailRequired, [{ field: 'email', message: STOCK_ALERT_MESSAGES.emailRequired }]);
  return db.transaction(async (tx) => {
    const book = await alertBook(tx, input.bookId);
    const [waiting] = await tx
      .select({ id: stockAlerts.id, confirmedAt: stockAlerts.confirmedAt })
      .from(stockAlerts)
      .where(and(eq(stockAlerts.bookId, book.id), sql`lower(${stockAlerts.email}) = lower(${email})`, isNull(stockAlerts.notifiedAt)))
      .limit(1);
    if (input.user) {
      if (waiting) {
        if (!waiting.confirmedAt) await tx.update(stockAlerts).set({ confirmedAt: new Date(), userId: input.user.id }).where(eq(stockAlerts.id, waiting.id));
      } else {
        await tx.insert(stockAlerts).values({
          bookId: book.id,
          userId: input.user.id,
          email,
          token: randomBytes(24).toString('base64url'),
          shopUrl: input.shopUrl,
          confirmedAt: new Date(),
        });
      }
      return { confirmed: true, message: STOCK_ALERT_MESSAGES.subscribed };
    }
    // A guest asking again for the same book gets no second mail (a stranger cannot make the shop mail an address
    // over and over); the outbox's per-address ceiling caps the rest.
    if (waiting) return { confirmed: waiting.confirmedAt !== null, message: waiting.confirmedAt ? STOCK_ALERT_MESSAGES.subscribed : STOCK_ALERT_MESSAGES.confirmSent };
    const token = randomBytes(24).toString('base64url');
    await tx.insert(stockAlerts).values({ bookId: book.id, email, token, shopUrl: input.shopUrl });
    const link = `${input.shopUrl}/api/v1/stock-alerts/confirm?token=${token}`;
    await enqueueMail(tx, {
      to: email,
      subject: `Xác nhận nhận thông báo khi có hàng: ${book.title}`,
      ...mailBody(book.title, 'Bạn (hoặc ai đó) vừa yêu cầu Nhà Sách báo khi cuốn sách dưới đây có hàng trở lại. Bấm liên kết để xác nhận; nếu không phải bạn, hãy bỏ qua email này.', link, 'Xác nhận nhận thông báo'),
    });
    return { confirmed: false, message: STOCK_ALERT_MESSAGES.confirmSent };
  });
}

/** Confirms a guest's request from its mail link; answers the book's page to go back to. */
export async function confirmStockAlert(db: Db, token: string): Promise<{ path: string }> {
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`update stock_alerts a set confirmed_at = coalesce(a.confirmed_at, now())
        from books b where b.id = a.book_id and a.token = ${token} and a.notified_at is null
        returning b.slug`,
  );
  if (!rows[0]) throw badRequest(STOCK_ALERT_MESSAGES.linkInvalid);
  return { path: productPath(rows[0].slug) };
}

export async function stockAlertState(db: Db, bookId: number, email: string): Promise<StockAlertStateDto> {
  const [row] = await db
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.bookId, bookId), sql`lower(${stockAlerts.email}) = lower(${email})`, isNull(stockAlerts.notifiedAt), sql`${stockAlerts.confirmedAt} is not null`))
    .limit(1);
  return { subscribed: row !== undefined };
}

/** Confirmed requests still waiting, per book. */
export async function alertsWaiting(db: Db | Tx, bookIds: readonly number[]): Promise<Map<number, number>> {
  if (!bookIds.length) return new Map();
  const rows = await queryRows<{ book_id: number; n: number }>(
    db,
    sql`select book_id, count(*)::int as n from stock_alerts
        where book_id = any(${intArray([...bookIds])}) and confirmed_at is not null and notified_at is null group by book_id`,
  );
  return new Map(rows.map((r) => [r.book_id, r.n]));
}

/**
 * The ledger's step: the books that just came back in stock (and are on sale) mail their waiting shoppers, in the
 * caller's transaction, and the requests are stamped notified (locked first, so two instances never mail one twice).
 */
export async function notifyBackInStock(tx: Tx, bookIds: readonly number[]): Promise<number> {
  if (!bookIds.length) return 0;
  const due = await queryRows<{ id: number; email: string; shop_url: string; slug: string; title: string }>(
    tx,
    sql`select a.id, a.email, a.shop_url, b.slug, b.title from stock_alerts a join books b on b.id = a.book_id
        where a.book_id = any(${intArray([...bookIds])}) and a.confirmed_at is not null and a.notified_at is null
          and b.status = 'ACTIVE' and b.stock > 0
        order by a.id for update of a skip locked`,
  );
  for (const a of due) {
    await enqueueMail(tx, {
      to: a.email,
      subject: `Sách đã có hàng trở lại: ${a.title}`,
      ...mailBody(a.title, 'Cuốn sách bạn chờ đã có hàng trở lại tại Nhà Sách. Số lượng có hạn, mời bạn đặt sớm.', `${a.shop_url}${productPath(a.slug)}`, 'Xem sách'),
      // The shopper asked for this very mail.
      transactional: true,
    });
  }
  if (due.length) await tx.execute(sql`update stock_alerts set notified_at = now() where id = any(${intArray(due.map((a) => a.id))})`);
  return due.length;
}
