import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MESSAGES } from '@nhasach/shared';
import { createTestApp, type TestApp } from './harness.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';
import { actors, auditRows, bookBody, countOf, insertRefs, type Actors, type Refs } from './admin.ts';

let t: TestApp;
let who: Actors;
let refs: Refs;
let s3: S3TestServer | undefined;

/**
 * The upload tests, run on the local disk (uploads.test.ts) and on an S3-protocol server (uploads-s3.test.ts);
 * `filesOf` reads the storage itself, so both runs check what was really stored.
 */
export function uploadSuite(storage: 'local' | 's3'): void {
beforeAll(async () => {
  s3 = storage === 's3' ? await startS3Server() : undefined;
  t = await createTestApp(s3?.env ?? {});
  who = await actors(t.app);
  refs = await insertRefs(t.app.db);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

interface Part {
  filename: string;
  contentType: string;
  body: Buffer;
  field?: string;
}

/** A multipart/form-data body as a browser sends it. */
function multipart(parts: Part[]) {
  const boundary = `----nhasach${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType}\r\n\r\n`,
      ),
      p.body,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real picture: a gradient-ish block of colour with a stripe, in the given format. */
async function picture(format: 'jpeg' | 'png' | 'webp' | 'gif', width = 400, height = 300, hue = 0): Promise<Buffer> {
  const stripe = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="40"><rect width="100%" height="100%" fill="#1d4ed8"/></svg>`);
  return sharp({ create: { width, height, channels: 3, background: { r: (200 + hue) % 256, g: 80, b: 40 } } })
    .composite([{ input: stripe, top: 20, left: 0 }])
    .toFormat(format)
    .toBuffer();
}

const upload = (bookId: number, parts: Part[], headers: Record<string, string> = who.admin.headers) => {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url: `/api/uploads/${bookId}/images`, headers: { ...headers, ...body.headers }, payload: body.payload });
};

const mediaDir = (bookId: number) => path.join(t.config.DATA_DIR, 'media', 'books', String(bookId));
/** File names stored for a book, in whichever storage the app uses. */
const filesOf = async (bookId: number): Promise<string[]> => {
  if (s3) return (await s3.keys(`books/${bookId}/`)).map((k) => k.slice(`books/${bookId}/`.length));
  return existsSync(mediaDir(bookId)) ? readdirSync(mediaDir(bookId)).sort() : [];
};
const imageRows = (bookId: number) => countOf(t.app.db, 'book_images', sql`book_id = ${bookId}`);

async function newBook(): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/books', headers: who.admin.headers, payload: bookBody(refs) });
  return res.json().data.id;
}

describe('POST /api/uploads/{bookId}/images', () => {
  it('turns JPEG, PNG and WebP uploads into four WebP variants served with long cache headers', async () => {
    const bookId = await newBook();
    const res = await upload(bookId, [
      { filename: 'bia.jpg', contentType: 'image/jpeg', body: await picture('jpeg', 800, 1200) },
      { filename: 'mat-sau.png', contentType: 'image/png', body: await picture('png', 500, 500, 30) },
      // Declared as something else: the content decides.
      { filename: 'trang.bin', contentType: 'application/octet-stream', body: await picture('webp', 300, 200, 60) },
    ]);
    expect(res.statusCode).toBe(201);
    const images = res.json().data as { id: number; url: string; sortOrder: number; variants: Record<string, string> }[];
    expect(images.map((i) => i.sortOrder)).toEqual([0, 1, 2]);
    expect(await filesOf(bookId)).toHaveLength(12);
    expect(await imageRows(bookId)).toBe(3);

    const widths = { thumb: 120, medium: 300, large: 600, xlarge: 900 } as const;
    for (const image of images) {
      expect(image.url).toBe(image.variants.xlarge);
      for (const [variant, width] of Object.entries(widths)) {
        const url = image.variants[variant]!;
        expect(url).toMatch(new RegExp(`^http://localhost:3000/media/books/${bookId}/[0-9a-f]{16}-${variant}\\.webp$`));
        const served = await t.app.inject({ method: 'GET', url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(width * 1.5);
      }
    }
    // The first image is the book's cover everywhere.
    const book = await t.app.inject({ method: 'GET', url: `/api/v1/admin/books/${bookId}`, headers: who.admin.headers });
    expect(book.json().data.thumbnail).toBe(images[0]!.variants.medium);

    const [audit] = await auditRows(t.app.db, 'BOOK_IMAGE_UPLOAD');
    expect(audit).toMatchObject({ entityId: String(bookId), actorId: who.admin.id });

    // The same picture again is not added twice.
    const again = await upload(bookId, [{ filename: 'bia.jpg', contentType: 'image/jpeg', body: await picture('jpeg', 800, 1200) }]);
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toHaveLength(3);
  });

  it('refuses what is not a JPEG, PNG or WebP, and stores nothing of the request', async () => {
    const bookId = await newBook();
    const good = { filename: 'ok.png', contentType: 'image/png', body: await picture('png') };
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const cases: Part[] = [
      { filename: 'x.png', contentType: 'image/png', body: Buffer.from('Đây là một tệp văn bản, không phải ảnh.\n') },
      { filename: 'logo.svg', contentType: 'image/svg+xml', body: svg },
      { filename: 'logo.png', contentType: 'image/png', body: svg },
      { filename: 'dong.gif', contentType: 'image/gif', body: await picture('gif') },
      // A PNG signature followed by garbage: the magic bytes alone are not enough.
      { filename: 'hong.png', contentType: 'image/png', body: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]) },
    ];
    for (const bad of cases) {
      const res = await upload(bookId, [good, bad]);
      expect(res.statusCode, bad.filename).toBe(400);
      expect(res.json().message).toBe(UPLOAD_MESSAGES.notImage.replace('{name}', bad.filename));
    }
    expect(await filesOf(bookId)).toEqual([]);
    expect(await imageRows(bookId)).toBe(0);

    const none = await upload(bookId, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(UPLOAD_MESSAGES.noFile);
    const json = await t.app.inject({ method: 'POST', url: `/api/uploads/${bookId}/images`, headers: who.admin.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(UPLOAD_MESSAGES.notMultipart);
  });

  it('answers 413 above 10 MB a file or 10 files, storing nothing', async () => {
    const bookId = await newBook();
    const big = Buffer.concat([await picture('jpeg'), Buffer.alloc(UPLOAD_MAX_FILE_BYTES, 1)]);
    const res = await upload(bookId, [
      { filename: 'ok.png', contentType: 'image/png', body: await picture('png') },
      { filename: 'to.jpg', contentType: 'image/jpeg', body: big },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', message: UPLOAD_MESSAGES.tooLarge });

    const small = await picture('png', 50, 50);
    const many = await upload(
      bookId,
      Array.from({ length: 11 }, (_, i) => ({ filename: `a${i}.png`, contentType: 'image/png', body: small })),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toBe(UPLOAD_MESSAGES.tooMany);
    expect(await filesOf(bookId)).toEqual([]);
    expect(await imageRows(bookId)).toBe(0);
  });

  it('is for admins only and for existing books', async () => {
    const bookId = await newBook();
    const part = { filename: 'ok.png', contentType: 'image/png', body: await picture('png') };
    expect((await upload(bookId, [part], {})).statusCode).toBe(401);
    expect((await upload(bookId, [part], who.sale.headers)).statusCode).toBe(403);
    expect((await upload(bookId, [part], who.customer.headers)).statusCode).toBe(403);
    expect(await filesOf(bookId)).toEqual([]);
    const missing = await upload(999_999, [part]);
    expect(missing.statusCode).toBe(404);
    expect(await filesOf(999_999)).toEqual([]);
  });
});

describe('reorder and remove images', () => {
  it('reorders the images (the first is the cover) and removes one with its files', async () => {
    const bookId = await newBook();
    const uploaded = await upload(bookId, [
      { filename: '1.png', contentType: 'image/png', body: await picture('png', 200, 200, 1) },
      { filename: '2.png', contentType: 'image/png', body: await picture('png', 200, 200, 2) },
      { filename: '3.png', contentType: 'image/png', body: await picture('png', 200, 200, 3) },
    ]);
    const ids = (uploaded.json().data as { id: number }[]).map((i) => i.id);
    const reversed = [...ids].reverse();

    const order = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/books/${bookId}/images/order`,
      headers: who.admin.headers,
      payload: { imageIds: reversed },
    });
    expect(order.statusCode).toBe(200);
    const after = order.json().data as { id: number; sortOrder: number; variants: { medium: string } }[];
    expect(after.map((i) => i.id)).toEqual(reversed);
    expect(after.map((i) => i.sortOrder)).toEqual([0, 1, 2]);
    const book = await t.app.inject({ method: 'GET', url: `/api/v1/books/${bookId}` });
    expect(book.json().data.thumbnail).toBe(after[0]!.variants.medium);
    expect((await auditRows(t.app.db, 'BOOK_IMAGE_REORDER'))[0]!.entityId).toBe(String(bookId));

    for (const imageIds of [ids.slice(0, 2), [...ids, 999_999], ['x']]) {
      const bad = await t.app.inject({ method: 'PUT', url: `/api/v1/admin/books/${bookId}/images/order`, headers: who.admin.headers, payload: { imageIds } });
      expect(bad.statusCode, JSON.stringify(imageIds)).toBe(400);
    }

    const removedId = reversed[0]!;
    const removedFiles = (await filesOf(bookId)).filter((f) => after[0]!.variants.medium.includes(f.split('-')[0]!));
    expect(removedFiles).toHaveLength(4);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/books/${bookId}/images/${removedId}`, headers: who.admin.headers });
    expect(del.statusCode).toBe(200);
    expect((del.json().data as { id: number }[]).map((i) => i.id)).toEqual(reversed.slice(1));
    expect(await filesOf(bookId)).toHaveLength(8);
    for (const f of removedFiles) expect(await filesOf(bookId)).not.toContain(f);
    expect((await auditRows(t.app.db, 'BOOK_IMAGE_DELETE'))[0]!.details).toMatchObject({ imageId: removedId });

    const gone = await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/books/${bookId}/images/${removedId}`, headers: who.admin.headers });
    expect(gone.statusCode).toBe(404);
    const otherBook = await newBook();
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/books/${otherBook}/images/${reversed[1]}`, headers: who.admin.headers });
    expect(foreign.statusCode).toBe(404);
    expect(await imageRows(bookId)).toBe(2);

    // Deleting the book removes the remaining files once the rows are gone.
    const delBook = await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/books/${bookId}`, headers: who.admin.headers });
    expect(delBook.json().data.deleted).toBe(true);
    expect(await filesOf(bookId)).toEqual([]);
    expect(await imageRows(bookId)).toBe(0);
  });

  it('keeps the files while another image row still shows them', async () => {
    const bookId = await newBook();
    const uploaded = await upload(bookId, [{ filename: 'bia.png', contentType: 'image/png', body: await picture('png', 200, 300, 9) }]);
    const [image] = uploaded.json().data as { id: number }[];
    // A second row showing the same files, as a row copied by hand would.
    await t.app.db.execute(sql`insert into book_images (book_id, url, thumb_url, medium_url, large_url, xlarge_url, sort_order)
      select book_id, url, thumb_url, medium_url, large_url, xlarge_url, 1 from book_images where id = ${image!.id}`);
    const remove = (id: number) => t.app.inject({ method: 'DELETE', url: `/api/v1/admin/books/${bookId}/images/${id}`, headers: who.admin.headers });
    const [copy] = (await remove(image!.id)).json().data as { id: number }[];
    expect(await filesOf(bookId)).toHaveLength(4);
    expect((await remove(copy!.id)).statusCode).toBe(200);
    expect(await filesOf(bookId)).toEqual([]);
  });
});

if (storage === 's3') {
  describe('object store down', () => {
    it('answers 503 with a clear message and stores nothing; pages still load and images show the placeholder', async () => {
      const bookId = await newBook();
      const first = await upload(bookId, [{ filename: 'a.png', contentType: 'image/png', body: await picture('png', 300, 450, 40) }]);
      expect(first.statusCode).toBe(201);
      const imageUrl = first.json().data[0].variants.medium as string;
      await s3!.close();
      s3 = undefined;

      const res = await upload(bookId, [{ filename: 'b.png', contentType: 'image/png', body: await picture('png', 300, 450, 90) }]);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ statusCode: 503, error: 'STORAGE_UNAVAILABLE', message: UPLOAD_MESSAGES.storageDown, data: null });
      expect(await imageRows(bookId)).toBe(1);

      const page = await t.app.inject({ method: 'GET', url: `/api/v1/books/${bookId}`, headers: who.admin.headers });
      expect(page.statusCode).toBe(200);
      const image = await t.app.inject({ method: 'GET', url: imageUrl });
      expect(image.statusCode).toBe(503);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('no-store');
    });
  });
}
}
