// Helpers for the engagement tests (imported by *.test.ts only).
import type { FastifyInstance } from 'fastify';
import type { BookStatus } from '@nhasach/shared';
import { books, users } from '../src/db/schema/index.ts';
import { hashSecret } from '../src/lib/password.ts';
import { uniqueName } from './auth.ts';

let isbnSeq = 0;

/** Inserts a book straight into the catalogue table (these tests are not about the catalogue). */
export async function makeBook(app: FastifyInstance, opts: { status?: BookStatus; title?: string; price?: number } = {}) {
  isbnSeq += 1;
  const slug = uniqueName('sach-');
  const [row] = await app.db
    .insert(books)
    .values({
      slug,
      title: opts.title ?? `Sách thử ${slug}`,
      // Unique 13 characters; the catalogue table does not check the ISBN checksum.
      isbn13: `97860${String(Date.now() % 1e5).padStart(5, '0')}${String(isbnSeq).padStart(3, '0')}`,
      price: opts.price ?? 100_000,
      status: opts.status ?? 'ACTIVE',
      stock: 10,
    })
    .returning({ id: books.id, slug: books.slug });
  return row!;
}

export interface Customer {
  id: number;
  username: string;
  fullName: string;
  headers: { authorization: string };
}

// One real hash for every test account: scrypt costs ~100 ms and these tests never log in with a password.
let passwordHash: Promise<string> | undefined;

/** A customer account with a signed access token. */
export async function makeCustomer(app: FastifyInstance, fullName = 'Người Thử'): Promise<Customer> {
  passwordHash ??= hashSecret('Secret@123');
  const username = uniqueName('kh');
  const email = `${username}@example.com`;
  const [row] = await app.db
    .insert(users)
    .values({ username, email, passwordHash: await passwordHash, fullName, role: 'USER' })
    .returning({ id: users.id });
  const id = row!.id;
  const token = await app.tokens.sign({ sub: String(id), userId: id, username, email, roles: ['ROLE_USER'] });
  return { id, username, fullName, headers: { authorization: `Bearer ${token}` } };
}
