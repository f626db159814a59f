import type { FastifyBaseLogger } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import { VISIBLE_BOOK_STATUSES } from '@nhasach/shared';
import type { Db, Tx } from '../client.ts';
import { books, commentLikes, comments, favorites, ratings, users } from '../schema/index.ts';
import { hashSecret } from '../../lib/password.ts';

/** Password of every demo reader account below (documented in the README). */
export const DEMO_READER_PASSWORD = 'Docgia@123';

/** Demo customers who wrote the demo reviews and comments. */
export const DEMO_READERS = [
  { username: 'lan.nguyen', fullName: 'Nguyễn Thị Lan', gender: 'FEMALE' },
  { username: 'minh.tran', fullName: 'Trần Quang Minh', gender: 'MALE' },
  { username: 'hoa.le', fullName: 'Lê Thị Hoa', gender: 'FEMALE' },
  { username: 'tuan.pham', fullName: 'Phạm Anh Tuấn', gender: 'MALE' },
  { username: 'thao.vo', fullName: 'Võ Phương Thảo', gender: 'FEMALE' },
  { username: 'khoa.dang', fullName: 'Đặng Minh Khoa', gender: 'MALE' },
  { username: 'mai.hoang', fullName: 'Hoàng Ngọc Mai', gender: 'FEMALE' },
  { username: 'duc.bui', fullName: 'Bùi Văn Đức', gender: 'MALE' },
  { username: 'linh.do', fullName: 'Đỗ Khánh Linh', gender: 'FEMALE' },
  { username: 'hung.ngo', fullName: 'Ngô Gia Hưng', gender: 'MALE' },
  { username: 'trang.duong', fullName: 'Dương Thu Trang', gender: 'FEMALE' },
  { username: 'phuc.ly', fullName: 'Lý Hoàng Phúc', gender: 'MALE' },
] as const;

const RATED_BOOKS = 150;
const COMMENTED_BOOKS = 40;
const KHACH_FAVOURITES = 6;

/** Short reviews by score; about one rating in five has no text (stars only). */
const REVIEWS: Record<1 | 2 | 3 | 4 | 5, string[]> = {
  5: [
    'Sách rất hay, đọc một mạch không dứt ra được.',
    'Giấy đẹp, in rõ nét, đóng gói cẩn thận. Rất hài lòng!',
    'Nội dung sâu sắc, đáng để đọc lại nhiều lần.',
    'Mua tặng bạn, bạn mình rất thích. Sẽ tiếp tục ủng hộ Nhà Sách.',
    'Giao hàng nhanh, sách mới tinh, bọc màng co cẩn thận.',
    'Một trong những cuốn hay nhất mình đọc năm nay.',
    'Văn phong dễ đọc, bản dịch mượt. Rất đáng mua.',
    'Con mình rất thích, tối nào cũng đòi đọc trước khi ngủ.',
    'Đọc xong thấy có thêm nhiều động lực. Cảm ơn tác giả!',
    'Bìa đẹp, chất lượng in tốt, giá lại hợp lý.',
    'Sách chất lượng, nội dung cuốn hút từ những trang đầu.',
    'Đáng đồng tiền bát gạo, mọi người nên đọc.',
  ],
  4: [
    'Sách hay, chỉ là giao hơi lâu một chút.',
    'Nội dung ổn, giấy hơi mỏng nhưng chấp nhận được.',
    'Đáng đọc, có vài đoạn hơi dài dòng.',
    'Đóng gói tốt, sách đẹp. Trừ một sao vì bìa bị cong nhẹ.',
    'Bản dịch khá tốt, thỉnh thoảng có vài lỗi chính tả.',
    'Hay, rất hợp để đọc vào cuối tuần.',
    'Kiến thức bổ ích, trình bày dễ hiểu.',
    'Cốt truyện hấp dẫn, cái kết hơi vội.',
  ],
  3: [
    'Nội dung tạm được, không như kỳ vọng lắm.',
    'Sách bình thường, phần đầu hay, phần sau hơi nhạt.',
    'Giấy hơi ngả vàng, chữ in nhỏ nên đọc hơi mỏi mắt.',
    'Tạm ổn so với giá tiền.',
  ],
  2: [
    'Bản dịch khá khó hiểu, nhiều câu lủng củng.',
    'Sách bị móp góc khi nhận, nội dung cũng không hấp dẫn.',
    'Không hợp gu mình lắm, đọc mãi không vào.',
  ],
  1: ['Sách giao đến bị rách bìa, hơi thất vọng.', 'Nội dung sơ sài, không đáng tiền.'],
};

const QUESTIONS = [
  'Sách này có bản bìa cứng không shop?',
  'Cho mình hỏi sách có kèm bookmark không ạ?',
  'Bản này là bản dịch mới hay bản cũ vậy mọi người?',
  'Mình đang phân vân giữa cuốn này và tập tiếp theo, nên đọc cuốn nào trước?',
  'Sách có phù hợp cho học sinh cấp 2 không ạ?',
  'Có ai đọc rồi cho mình xin cảm nhận với, cảm ơn nhiều!',
  'Sách dày khoảng bao nhiêu trang vậy shop?',
  'Mình đã đọc bản tiếng Anh, bản dịch này có sát nghĩa không mọi người?',
  'Giao về Đà Nẵng mất mấy ngày vậy shop?',
  'Cuốn này rất đáng đọc, mọi người nên mua nhé.',
  'Mua lần thứ hai để tặng, vẫn hài lòng như lần đầu.',
  'Có ai biết tác giả còn cuốn nào khác hay không?',
];

const READER_REPLIES = [
  'Mình đọc rồi, rất đáng tiền nha bạn.',
  'Bản mình mua là bản dịch mới, đọc mượt lắm.',
  'Nên đọc theo thứ tự xuất bản bạn ạ.',
  'Con mình lớp 7 đọc rất thích.',
  'Đồng ý, mình cũng thấy vậy!',
  'Cảm ơn bạn đã chia sẻ nhé.',
];

const SHOP_REPLIES = [
  'Chào bạn, Nhà Sách cảm ơn bạn đã quan tâm. Sách hiện vẫn còn hàng ạ.',
  'Dạ, đơn nội thành giao trong 1-2 ngày, các tỉnh khác 3-5 ngày bạn nhé.',
  'Cảm ơn bạn đã ủng hộ Nhà Sách! Chúc bạn đọc sách vui.',
];

/** Small seeded PRNG (mulberry32): the demo data is the same on every fresh install. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  return { next, int, pick, shuffle };
}

/** Mostly happy readers, as on real bookstores: 5★ 45%, 4★ 30%, 3★ 13%, 2★ 7%, 1★ 5%. */
function demoScore(r: number): 1 | 2 | 3 | 4 | 5 {
  if (r < 0.45) return 5;
  if (r < 0.75) return 4;
  if (r < 0.88) return 3;
  if (r < 0.95) return 2;
  return 1;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Inserts rows in chunks so one statement never nears the driver's parameter limit. */
async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function ensureReaders(tx: Tx): Promise<number[]> {
  // One hash for all demo readers: they share a documented demo password, and scrypt costs ~100 ms each at start-up.
  const passwordHash = await hashSecret(DEMO_READER_PASSWORD);
  await tx
    .insert(users)
    .values(
      DEMO_READERS.map((r) => ({
        username: r.username,
        email: `${r.username}@nhasach.local`,
        passwordHash,
        fullName: r.fullName,
        gender: r.gender,
        role: 'USER' as const,
      })),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, DEMO_READERS.map((r) => r.username)));
  const byName = new Map(rows.map((r) => [r.username, r.id]));
  return DEMO_READERS.map((r) => byName.get(r.username)).filter((id): id is number => id !== undefined);
}

/**
 * Demo reviews, comments (with replies and likes) and favourites on the demo catalogue, written by twelve
 * demo readers (password DEMO_READER_PASSWORD). Runs after the catalogue seed, once: only while there is no
 * rating and no demo reader yet.
 */
export async function seedDemoEngagement(db: Db, log: FastifyBaseLogger): Promise<void> {
  // Once only: not when anyone has rated, nor when the readers exist (the shop may have removed the demo reviews).
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(ratings);
  if ((existing?.n ?? 0) > 0) return;
  const [reader] = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.username, DEMO_READERS.map((r) => r.username)))
    .limit(1);
  if (reader) return;
  const bookRows = await db
    .select({ id: books.id })
    .from(books)
    .where(inArray(books.status, [...VISIBLE_BOOK_STATUSES]))
    .orderBy(books.id);
  if (bookRows.length === 0) return;

  const rnd = prng(20_250_101);
  const now = Date.now();
  const stats = await db.transaction(async (tx) => {
    const readers = await ensureReaders(tx);
    const staff = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.username, ['sale', 'khach']));
    const saleId = staff.find((s) => s.username === 'sale')?.id;
    const khachId = staff.find((s) => s.username === 'khach')?.id;

    const shuffled = rnd.shuffle(bookRows.map((b) => b.id));

    // Ratings: 1..9 readers per book, popular books get more.
    const ratingRows: (typeof ratings.$inferInsert)[] = [];
    for (const bookId of shuffled.slice(0, RATED_BOOKS)) {
      const count = Math.min(readers.length, rnd.next() < 0.25 ? rnd.int(5, 9) : rnd.int(1, 4));
      for (const userId of rnd.shuffle(readers).slice(0, count)) {
        const score = demoScore(rnd.next());
        const at = new Date(now - rnd.int(1, 180) * DAY - rnd.int(0, 23) * HOUR);
        ratingRows.push({ userId, bookId, score, content: rnd.next() < 0.2 ? '' : rnd.pick(REVIEWS[score]), createdAt: at, updatedAt: at });
      }
    }
    await insertChunked(ratingRows, (chunk) => tx.insert(ratings).values(chunk));

    // Comments: 1..4 questions or remarks per book, some answered by readers or by the shop.
    const commented = rnd.shuffle(shuffled.slice(0, RATED_BOOKS)).slice(0, COMMENTED_BOOKS);
    const topRows: (typeof comments.$inferInsert)[] = [];
    for (const bookId of commented) {
      for (let i = rnd.int(1, 4); i > 0; i--) {
        const at = new Date(now - rnd.int(2, 120) * DAY - rnd.int(0, 23) * HOUR);
        topRows.push({ bookId, userId: rnd.pick(readers), content: rnd.pick(QUESTIONS), createdAt: at, updatedAt: at });
      }
    }
    const tops: { id: number; bookId: number; userId: number; createdAt: Date }[] = [];
    for (let i = 0; i < topRows.length; i += 500) {
      tops.push(
        ...(await tx
          .insert(comments)
          .values(topRows.slice(i, i + 500))
          .returning({ id: comments.id, bookId: comments.bookId, userId: comments.userId, createdAt: comments.createdAt })),
      );
    }
    const replyRows: (typeof comments.$inferInsert)[] = [];
    for (const top of tops) {
      const replies = rnd.next() < 0.45 ? rnd.int(1, 2) : 0;
      let at = top.createdAt.getTime();
      for (let i = 0; i < replies; i++) {
        at = Math.min(now - HOUR, at + rnd.int(1, 72) * HOUR);
        const fromShop = saleId !== undefined && rnd.next() < 0.4;
        const userId = fromShop ? saleId : rnd.pick(readers.filter((id) => id !== top.userId));
        const content = fromShop ? rnd.pick(SHOP_REPLIES) : rnd.pick(READER_REPLIES);
        replyRows.push({ bookId: top.bookId, userId, parentId: top.id, content, createdAt: new Date(at), updatedAt: new Date(at) });
      }
    }
    const replies = replyRows.length
      ? await tx.insert(comments).values(replyRows).returning({ id: comments.id, userId: comments.userId })
      : [];

    // Likes on comments: 0..5 readers each, never the author.
    const likeRows: (typeof commentLikes.$inferInsert)[] = [];
    for (const c of [...tops, ...replies]) {
      const likers = rnd.shuffle(readers.filter((id) => id !== c.userId)).slice(0, rnd.int(0, 5));
      for (const userId of likers) likeRows.push({ commentId: c.id, userId });
    }
    await insertChunked(likeRows, (chunk) => tx.insert(commentLikes).values(chunk));

    // Favourites: every reader likes a few of the rated books; the demo customer 'khach' likes six.
    const favouriteRows: (typeof favorites.$inferInsert)[] = [];
    for (const userId of readers) {
      for (const bookId of rnd.shuffle(shuffled.slice(0, RATED_BOOKS)).slice(0, rnd.int(3, 12))) {
        favouriteRows.push({ userId, bookId, createdAt: new Date(now - rnd.int(1, 90) * DAY) });
      }
    }
    if (khachId !== undefined) {
      shuffled.slice(0, KHACH_FAVOURITES).forEach((bookId, i) => {
        favouriteRows.push({ userId: khachId, bookId, createdAt: new Date(now - (i + 1) * DAY) });
      });
    }
    await insertChunked(favouriteRows, (chunk) => tx.insert(favorites).values(chunk).onConflictDoNothing());

    return {
      readers: readers.length,
      ratings: ratingRows.length,
      comments: tops.length + replies.length,
      likes: likeRows.length,
      favourites: favouriteRows.length,
    };
  });
  log.info(stats, 'demo reviews, comments and favourites created');
}
