import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { books, users } from '../../db/schema/index.ts';
import { seedDemoAccounts } from '../../db/seed/accounts.ts';
import { DEMO_READER_PASSWORD, DEMO_READERS, seedDemoEngagement } from '../../db/seed/engagement.ts';
import { verifySecret } from '../../lib/password.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoAccounts(t.app.db, t.app.log);
  // A catalogue of 220 visible books and a few hidden ones (the demo catalogue seed is another module's).
  await t.app.db.insert(books).values(
    Array.from({ length: 230 }, (_, i) => ({
      slug: `sach-demo-${i}`,
      title: `Sách demo ${i}`,
      isbn13: `978000${String(i).padStart(7, '0')}`,
      price: 50_000 + i * 100,
      status: i < 220 ? ('ACTIVE' as const) : ('DRAFT' as const),
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

const count = async (table: string, where = sql``) => {
  const [row] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from ${sql.identifier(table)} ${where}`);
  return row!.n;
};

describe('demo engagement seed', () => {
  it('creates readers, ratings on 150 visible books, comments with replies and likes, and favourites', async () => {
    await seedDemoEngagement(t.app.db, t.app.log);

    const readers = await t.app.db
      .select({ username: users.username, email: users.email, passwordHash: users.passwordHash, role: users.role })
      .from(users)
      .where(sql`${users.email} like '%@nhasach.local' and ${users.username} like '%.%'`);
    expect(readers).toHaveLength(DEMO_READERS.length);
    expect(readers.every((r) => r.role === 'USER')).toBe(true);
    expect(await verifySecret(DEMO_READER_PASSWORD, readers[0]!.passwordHash)).toBe(true);

    expect(await count('ratings', sql`where true`)).toBeGreaterThan(300);
    const [rated] = await queryRows<{ n: number; hidden: number; min: number; max: number; scores: number }>(
      t.app.db,
      sql`select count(distinct r.book_id)::int as n,
                 count(*) filter (where b.status not in ('ACTIVE', 'OUT_OF_STOCK'))::int as hidden,
                 min(r.score)::int as min, max(r.score)::int as max, count(distinct r.score)::int as scores
            from ratings r join books b on b.id = r.book_id`,
    );
    expect(rated).toEqual({ n: 150, hidden: 0, min: 1, max: 5, scores: 5 });

    const [c] = await queryRows<{ books: number; replies: number; deep: number; edited: number }>(
      t.app.db,
      sql`select count(distinct c.book_id)::int as books,
                 count(*) filter (where c.parent_id is not null)::int as replies,
                 count(*) filter (where p.parent_id is not null)::int as deep,
                 count(*) filter (where c.updated_at <> c.created_at)::int as edited
            from comments c left join comments p on p.id = c.parent_id`,
    );
    expect(c!.books).toBe(40);
    expect(c!.replies).toBeGreaterThan(10);
    expect(c!.deep).toBe(0);
    expect(c!.edited).toBe(0);
    expect(await count('comment_likes', sql`where true`)).toBeGreaterThan(50);

    const [khach] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'khach'));
    expect(await count('favorites', sql`where user_id = ${khach!.id}`)).toBe(6);
  });

  it('shows up through the API: summary, reviews and khach favourites', async () => {
    const [top] = await queryRows<{ bookId: number; n: number }>(
      t.app.db,
      sql`select book_id as "bookId", count(*)::int as n from ratings group by book_id order by n desc, book_id limit 1`,
    );
    const summary = (await t.app.inject({ method: 'GET', url: `/api/v1/books/${top!.bookId}/ratings/summary` })).json().data;
    expect(summary.count).toBe(top!.n);
    expect(summary.average).toBeGreaterThanOrEqual(1);
    const reviews = (await t.app.inject({ method: 'GET', url: `/api/v1/books/${top!.bookId}/reviews` })).json().data;
    expect(reviews.totalElements).toBe(top!.n);
    expect(reviews.content[0].userName).toMatch(/\p{L}+ \p{L}+/u);

    const [khach] = await t.app.db.select().from(users).where(eq(users.username, 'khach'));
    const token = await t.app.tokens.sign({
      sub: String(khach!.id),
      userId: khach!.id,
      username: khach!.username,
      email: khach!.email,
      roles: ['ROLE_USER'],
    });
    const favs = await t.app.inject({ method: 'GET', url: '/api/v1/books/favorites/me', headers: { authorization: `Bearer ${token}` } });
    expect(favs.json().data.totalElements).toBe(6);
  });

  it('runs only once', async () => {
    const before = await Promise.all(['users', 'ratings', 'comments', 'comment_likes', 'favorites'].map((n) => count(n)));
    await seedDemoEngagement(t.app.db, t.app.log);
    const after = await Promise.all(['users', 'ratings', 'comments', 'comment_likes', 'favorites'].map((n) => count(n)));
    expect(after).toEqual(before);

    // Not even after the shop removed every review: the demo readers exist, so the seed has run.
    await t.app.db.execute(sql`delete from ratings`);
    await seedDemoEngagement(t.app.db, t.app.log);
    expect(await count('ratings')).toBe(0);
  });
});
