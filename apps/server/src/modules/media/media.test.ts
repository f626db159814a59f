import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMAGE_VARIANTS, IMAGE_VARIANT_WIDTHS, imageVariantHeight, NO_IMAGE_URL } from '@nhasach/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { authors, bookAuthors, bookCategories, bookImages, books, categories } from '../../db/schema/index.ts';
import { coverImageUrls, coverKey } from './book-covers.ts';
import { isValidMediaKey, LocalDiskStorage } from './storage.ts';

let t: TestApp;
const IMMUTABLE = 'public, max-age=31536000, immutable';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });

async function insertBook(title: string, withCover: boolean) {
  const [book] = await t.app.db
    .insert(books)
    .values({ slug: `sach-${Math.random().toString(36).slice(2, 10)}`, title, isbn13: String(9786040000000 + Math.floor(Math.random() * 999999)), price: 100000 })
    .returning({ id: books.id });
  const [author] = await t.app.db.insert(authors).values({ name: 'Nguyên Hồng', slug: `nguyen-hong-${book!.id}` }).returning({ id: authors.id });
  const [category] = await t.app.db.insert(categories).values({ name: 'Hồi ký', slug: `hoi-ky-${book!.id}` }).returning({ id: categories.id });
  await t.app.db.insert(bookAuthors).values({ bookId: book!.id, authorId: author!.id });
  await t.app.db.insert(bookCategories).values({ bookId: book!.id, categoryId: category!.id });
  if (withCover) await t.app.db.insert(bookImages).values({ bookId: book!.id, ...coverImageUrls(t.app.media.storage, book!.id) });
  return book!.id;
}

describe('media keys and storage', () => {
  it('accepts plain relative image keys only', () => {
    expect(isValidMediaKey('books/12/ab12cd-thumb.webp')).toBe(true);
    expect(isValidMediaKey('covers/1/v1-xlarge.webp')).toBe(true);
    for (const bad of ['../secret.webp', 'a/../../b.webp', '/etc/passwd', 'a//b.webp', '.hidden.webp', 'a\\b.webp', 'x.txt', 'x', 'A.webp', '']) {
      expect(isValidMediaKey(bad), bad).toBe(false);
    }
  });

  it('never resolves a path outside its root', () => {
    const storage = new LocalDiskStorage(path.join(t.config.DATA_DIR, 'media'));
    expect(storage.pathOf('a/b.webp')).toBe(path.join(t.config.DATA_DIR, 'media', 'a', 'b.webp'));
    expect(() => storage.pathOf('../b.webp')).toThrow();
    expect(storage.keyFromUrl('/media/books/1/x-thumb.webp')).toBe('books/1/x-thumb.webp');
    expect(storage.keyFromUrl('http://localhost:3000/media/books/1/x-thumb.webp')).toBe('books/1/x-thumb.webp');
    expect(storage.keyFromUrl('https://cdn.example.com/cover.jpg')).toBeNull();
    expect(storage.keyFromUrl('/media/../jwt-secret')).toBeNull();
  });
});

describe('GET /media/*', () => {
  it('serves a stored file with its type and a one-year immutable cache, without the JSON envelope', async () => {
    const body = await sharp({ create: { width: 10, height: 15, channels: 3, background: '#123456' } }).webp().toBuffer();
    await t.app.media.storage.put('tests/one.webp', body, 'image/webp');
    const res = await get('/media/tests/one.webp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Linked by absolute URL from pages of other origins: the resource policy lets them show it.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await get('/api/health')).headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.rawPayload.equals(body)).toBe(true);
    const head = await get('/media/tests/one.webp', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
  });

  it('answers 404 for unknown files, with the no-image placeholder as body for images', async () => {
    const res = await get('/media/tests/missing.webp');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('no-cache');
    const text = await get('/media/tests/missing.txt');
    expect(text.statusCode).toBe(404);
    expect(text.headers['content-type']).toContain('text/plain');
  });

  it('refuses path traversal: files outside DATA_DIR/media are never served', async () => {
    const secret = 'TOP-SECRET-CONTENT';
    writeFileSync(path.join(t.config.DATA_DIR, 'secret.webp'), secret);
    writeFileSync(path.join(t.config.DATA_DIR, 'jwt-secret'), secret);
    for (const url of [
      '/media/..%2fsecret.webp',
      '/media/%2e%2e%2fsecret.webp',
      '/media/tests%2f..%2f..%2fsecret.webp',
      '/media/..%5csecret.webp',
      '/media/..%2fjwt-secret',
      '/media/%2fetc%2fpasswd',
      '/media/tests/..%2f..%2f..%2fsecret.webp',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain(secret);
    }
  });

  it('serves the no-image placeholder as SVG and WebP', async () => {
    const svg = await get(NO_IMAGE_URL);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toContain("default-src 'none'");
    expect(svg.body).toContain('Không có ảnh');
    const webp = await get('/media/no-image.webp');
    expect(webp.statusCode).toBe(200);
    const meta = await sharp(webp.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 600, 900]);
  });
});

describe('designed covers drawn on first request', () => {
  it('draws each variant of a book cover at its size, then serves it from the storage', async () => {
    const bookId = await insertBook('Những Ngày Thơ Ấu', true);
    for (const variant of IMAGE_VARIANTS) {
      const key = coverKey(bookId, variant);
      expect(await t.app.media.storage.get(key)).toBeNull();
      const res = await get(`/media/${key}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([IMAGE_VARIANT_WIDTHS[variant], imageVariantHeight(variant)]);
      // Kept: the next request reads the same bytes from disk.
      const stored = await t.app.media.storage.get(key);
      expect(stored?.body.equals(res.rawPayload)).toBe(true);
    }
  });

  it('draws the same key once however many requests ask at the same time', async () => {
    const bookId = await insertBook('Bỉ Vỏ', true);
    const responses = await Promise.all(Array.from({ length: 6 }, () => get(`/media/${coverKey(bookId, 'large')}`)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(responses.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
  });

  it('does not draw covers that no book uses, nor other design versions', async () => {
    const bookId = await insertBook('Sách Không Có Bìa Thiết Kế', false);
    expect((await get(`/media/${coverKey(bookId, 'thumb')}`)).statusCode).toBe(404);
    expect((await get('/media/covers/987654/v1-thumb.webp')).statusCode).toBe(404);
    const withCover = await insertBook('Tắt Đèn', true);
    expect((await get(`/media/covers/${withCover}/v0-thumb.webp`)).statusCode).toBe(404);
    expect(existsSync(path.join(t.config.DATA_DIR, 'media', 'covers', String(bookId)))).toBe(false);
  });
});
