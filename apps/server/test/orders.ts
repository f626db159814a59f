// Helpers for the cart, address and order tests (imported by *.test.ts only).
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { BookStatus } from '@nhasach/shared';
import { bookImages, books } from '../src/db/schema/index.ts';
import { uniqueName } from './auth.ts';

export { makeCustomer, type Customer } from './engagement.ts';

let isbnSeq = 0;

export interface ShopBookOptions {
  title?: string;
  price?: number;
  salePrice?: number | null;
  saleStartAt?: Date | null;
  saleEndAt?: Date | null;
  stock?: number;
  status?: BookStatus;
  sku?: string;
  withCover?: boolean;
}

/** A book inserted straight into the catalogue (these tests are about selling it). */
export async function makeShopBook(app: FastifyInstance, opts: ShopBookOptions = {}) {
  isbnSeq += 1;
  const slug = uniqueName('sach-');
  const [row] = await app.db
    .insert(books)
    .values({
      slug,
      title: opts.title ?? `Sách ${slug}`,
      sku: opts.sku ?? null,
      isbn13: `97861${String(Date.now() % 1e5).padStart(5, '0')}${String(isbnSeq).padStart(3, '0')}`,
      price: opts.price ?? 100_000,
      salePrice: opts.salePrice ?? null,
      saleStartAt: opts.saleStartAt ?? null,
      saleEndAt: opts.saleEndAt ?? null,
      stock: opts.stock ?? 20,
      status: opts.status ?? 'ACTIVE',
    })
    .returning();
  if (opts.withCover) {
    await app.db.insert(bookImages).values({ bookId: row!.id, url: `/media/books/${slug}.webp`, mediumUrl: `/media/books/${slug}-m.webp` });
  }
  return row!;
}

export async function bookState(app: FastifyInstance, id: number) {
  const [row] = await app.db.select({ stock: books.stock, sold: books.sold, status: books.status }).from(books).where(eq(books.id, id));
  return row!;
}

export { VALID_ADDRESS } from './address.ts';
