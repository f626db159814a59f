import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN_MESSAGES, ISBN_MESSAGES, SLUG_MESSAGE, withIsbn13Checksum } from '@nhasach/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { actors, auditRows, bookBody, countOf, insertOrder, insertRefs, nextIsbn, type Actors, type Refs } from '../../../../test/admin.ts';

let t: TestApp;
let who: Actors;
let refs: Refs;

beforeAll(async () => {
  t = await createTestApp();
  who = await actors(t.app);
  refs = await insertRefs(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

const create = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/books', headers: who.admin.headers, payload: body });
const update = (id: number, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/admin/books/${id}`, headers: who.admin.headers, payload: body });
const fieldsOf = (res: { json(): { data: { fields: { field: string; message: string }[] } } }) =>
  Object.fromEntries(res.json().data.fields.map((f) => [f.field, f.message]));

describe('POST /api/v1/admin/books', () => {
  it('creates a book with its links, a slug from the title and the search document', async () => {
    const body = bookBody(refs, {
      title: 'Đường Về Nhà Đỏ Thắm',
      authorIds: [refs.authors[1].id, refs.authors[0].id],
      categoryIds: [refs.child.id, refs.parent.id],
      language: 'JP',
      ageRating: '_16PLUS',
      coverType: 'HARDCOVER',
      sku: 'SKU-DVN-01',
      salePrice: 99_000,
      saleStartAt: '2030-01-01T00:00:00+07:00',
      saleEndAt: '2030-02-01T00:00:00+07:00',
      widthCm: 14.5,
      publicationYear: 2024,
    });
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    const book = res.json().data;
    expect(res.json().message).toBe('Tạo sách thành công');
    expect(book).toMatchObject({
      slug: 'duong-ve-nha-do-tham',
      title: 'Đường Về Nhà Đỏ Thắm',
      isbn13: body.isbn13,
      sku: 'SKU-DVN-01',
      language: 'JA',
      ageRating: '_16PLUS',
      ageMinYears: 16,
      coverType: 'HARDCOVER',
      price: 120_000,
      salePrice: 99_000,
      effectivePrice: 120_000,
      saleStartAt: '2029-12-31T17:00:00.000Z',
      widthCm: 14.5,
      stock: 10,
      pageCount: 320,
      status: 'ACTIVE',
      publisher: { id: refs.publisher.id },
      supplier: { id: refs.supplier.id },
    });
    // Link order is the form's order: the first category is the breadcrumb one.
    expect(book.authors.map((a: { id: number }) => a.id)).toEqual([refs.authors[1].id, refs.authors[0].id]);
    expect(book.categories.map((c: { id: number }) => c.id)).toEqual([refs.child.id, refs.parent.id]);

    // The search document was refreshed in the same write: the shop's search finds it without diacritics.
    const found = await t.app.inject({ method: 'GET', url: '/api/v1/books/search?q=duong%20ve%20nha%20do%20tham' });
    expect(found.json().data.content.map((b: { id: number }) => b.id)).toContain(book.id);

    const [audit] = await auditRows(t.app.db, 'BOOK_CREATE');
    expect(audit).toMatchObject({ actorId: who.admin.id, entityType: 'BOOK', entityId: String(book.id) });
  });

  it('makes generated slugs unique with a suffix and keeps a given one', async () => {
    const title = 'Nhà Giả Kim Đặc Biệt';
    const first = await create(bookBody(refs, { title }));
    const second = await create(bookBody(refs, { title }));
    const blank = await create(bookBody(refs, { title, slug: '   ' }));
    expect([first.json().data.slug, second.json().data.slug, blank.json().data.slug]).toEqual([
      'nha-gia-kim-dac-biet',
      'nha-gia-kim-dac-biet-2',
      'nha-gia-kim-dac-biet-3',
    ]);
    const given = await create(bookBody(refs, { title, slug: 'Ban-Rieng-Cua-Toi' }));
    expect(given.statusCode).toBe(201);
    expect(given.json().data.slug).toBe('ban-rieng-cua-toi');
    // A title with nothing slugify can keep still gets a slug.
    const cjk = await create(bookBody(refs, { title: '中文书' }));
    expect(cjk.json().data.slug).toMatch(/^sach(-\d+)?$/);
    // A very long title is cut to 200 characters, suffix included.
    const long = 'Tựa Sách Rất Dài '.repeat(20);
    const a = await create(bookBody(refs, { title: long }));
    const b = await create(bookBody(refs, { title: long }));
    expect(a.json().data.slug.length).toBeLessThanOrEqual(200);
    expect(b.json().data.slug.length).toBeLessThanOrEqual(200);
    expect(b.json().data.slug).toMatch(/-2$/);
  });

  it('answers 409 DUPLICATE_SLUG_OR_ISBN for a taken slug or ISBN, and 409 for a taken SKU; nothing is written', async () => {
    const base = await create(bookBody(refs, { slug: 'sach-trung', sku: 'SKU-TRUNG' }));
    expect(base.statusCode).toBe(201);
    const before = await countOf(t.app.db, 'books');

    const slug = await create(bookBody(refs, { slug: 'sach-trung' }));
    expect(slug.statusCode).toBe(409);
    expect(slug.json()).toMatchObject({ error: 'DUPLICATE_SLUG_OR_ISBN', message: ADMIN_MESSAGES.duplicateSlugOrIsbn });
    expect(fieldsOf(slug)).toEqual({ slug: ADMIN_MESSAGES.duplicateSlugOrIsbn });

    const isbn = await create(bookBody(refs, { isbn13: base.json().data.isbn13 }));
    expect(isbn.statusCode).toBe(409);
    expect(isbn.json()).toMatchObject({ error: 'DUPLICATE_SLUG_OR_ISBN', message: ADMIN_MESSAGES.duplicateSlugOrIsbn });
    expect(fieldsOf(isbn)).toEqual({ isbn13: ADMIN_MESSAGES.duplicateSlugOrIsbn });

    const sku = await create(bookBody(refs, { sku: 'SKU-TRUNG' }));
    expect(sku.statusCode).toBe(409);
    expect(sku.json().message).toBe(ADMIN_MESSAGES.duplicateSku);

    expect(await countOf(t.app.db, 'books')).toBe(before);
  });

  it('words each ISBN-13 problem as the spec does', async () => {
    const before = await countOf(t.app.db, 'books');
    const cases: [unknown, string][] = [
      [undefined, ISBN_MESSAGES.required],
      ['', ISBN_MESSAGES.required],
      ['  ', ISBN_MESSAGES.required],
      ['978604100001', ISBN_MESSAGES.digits],
      ['97860410000AB', ISBN_MESSAGES.digits],
      ['97860410000131', ISBN_MESSAGES.digits],
      [`${withIsbn13Checksum('978604100001').slice(0, 12)}${(Number(withIsbn13Checksum('978604100001')[12]) + 1) % 10}`, ISBN_MESSAGES.checksum],
    ];
    for (const [isbn13, message] of cases) {
      const res = await create(bookBody(refs, { isbn13 }));
      expect(res.statusCode, String(isbn13)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
      expect(fieldsOf(res).isbn13).toBe(message);
    }
    // Separators people type are accepted and dropped.
    const isbn = nextIsbn();
    const dashed = `${isbn.slice(0, 3)}-${isbn.slice(3, 6)}-${isbn.slice(6)}`;
    const ok = await create(bookBody(refs, { isbn13: dashed }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.isbn13).toBe(isbn);
    expect(await countOf(t.app.db, 'books')).toBe(before + 1);
  });

  it('names every missing required field', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({
      title: 'Vui lòng nhập tên sách.',
      isbn13: ISBN_MESSAGES.required,
      publisherId: 'Vui lòng chọn nhà xuất bản.',
      supplierId: 'Vui lòng chọn nhà cung cấp.',
      authorIds: 'Chọn ít nhất một tác giả.',
      categoryIds: 'Chọn ít nhất một danh mục.',
      pageCount: 'Số trang phải lớn hơn 0.',
      price: 'Giá bán phải lớn hơn 0.',
      language: 'Vui lòng chọn ngôn ngữ.',
      coverType: 'Vui lòng chọn loại bìa (PAPERBACK, HARDCOVER hoặc OTHER).',
      ageRating: 'Vui lòng chọn độ tuổi (ALL, _6PLUS, _12PLUS, _16PLUS hoặc _18PLUS).',
    });
  });

  it('checks numbers, lists, the sale and the references', async () => {
    const expectField = async (overrides: Record<string, unknown>, field: string, message: string) => {
      const res = await create(bookBody(refs, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(fieldsOf(res)[field], JSON.stringify(overrides)).toBe(message);
    };
    await expectField({ pageCount: 0 }, 'pageCount', 'Số trang phải lớn hơn 0.');
    await expectField({ price: 0 }, 'price', 'Giá bán phải lớn hơn 0.');
    await expectField({ price: 12.5 }, 'price', 'Giá bán phải là số nguyên.');
    await expectField({ price: 'abc' }, 'price', 'Giá bán phải là số.');
    await expectField({ authorIds: [] }, 'authorIds', 'Chọn ít nhất một tác giả.');
    await expectField({ categoryIds: [] }, 'categoryIds', 'Chọn ít nhất một danh mục.');
    await expectField({ stock: -1 }, 'stock', 'Tồn kho phải từ 0 trở lên.');
    await expectField({ weightGram: -5 }, 'weightGram', 'Khối lượng (g) phải từ 0 trở lên.');
    await expectField({ salePrice: 120_000 }, 'salePrice', 'Giá khuyến mãi phải nhỏ hơn giá bán.');
    await expectField(
      { salePrice: 90_000, saleStartAt: '2030-02-01T00:00:00Z', saleEndAt: '2030-01-01T00:00:00Z' },
      'saleEndAt',
      'Thời điểm bắt đầu khuyến mãi phải trước thời điểm kết thúc.',
    );
    await expectField({ language: 'XX' }, 'language', 'Ngôn ngữ phải là một trong VI, EN, JP, KR, CN, OTHER, FR, DE, RU, ES.');
    await expectField({ slug: 'Có Dấu' }, 'slug', SLUG_MESSAGE);
    await expectField({ publisherId: 999_999 }, 'publisherId', 'Nhà xuất bản không tồn tại.');
    await expectField({ authorIds: [refs.authors[0].id, 999_998] }, 'authorIds', 'Tác giả không tồn tại: 999998.');
    await expectField({ categoryIds: [999_997] }, 'categoryIds', 'Danh mục không tồn tại: 999997.');
    // Numbers are JSON numbers, never strings (docs/decisions.md, Strict input); initialStock (the spec's name) is stock.
    await expectField({ price: '150000' }, 'price', 'Giá bán phải là số.');
    const ok = await create(bookBody(refs, { price: 150_000, pageCount: 200, stock: undefined, initialStock: 7 }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ price: 150_000, pageCount: 200, stock: 7 });
  });

  it('sanitises the description on write', async () => {
    const res = await create(
      bookBody(refs, {
        description:
          '<h2>Giới thiệu</h2><p onclick="steal()">Một <strong>cuốn</strong> sách <script>alert(1)</script>hay.</p>' +
          '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">xấu</a> <a href="https://nhasach.vn" target="_blank">tốt</a>' +
          '<iframe src="https://evil"></iframe><style>body{}</style><ul><li>Một</li></ul>',
      }),
    );
    expect(res.statusCode).toBe(201);
    const html: string = res.json().data.description;
    expect(html).toBe(
      '<h2>Giới thiệu</h2><p>Một <strong>cuốn</strong> sách hay.</p><a rel="noopener noreferrer">xấu</a> ' +
        '<a href="https://nhasach.vn" rel="noopener noreferrer">tốt</a><ul><li>Một</li></ul>',
    );
    for (const bad of ['script', 'onerror', 'onclick', 'javascript:', 'iframe', 'style', '<img']) expect(html).not.toContain(bad);
  });
});

describe('GET /api/v1/admin/books and /admin/books/{id}', () => {
  it('lists every status newest first, 10 a page, searchable by title, ISBN and SKU', async () => {
    const draft = (await create(bookBody(refs, { title: 'Bản Nháp Bí Mật Của Admin', status: 'DRAFT', sku: 'NHAP-001' }))).json().data;
    const inactive = (await create(bookBody(refs, { title: 'Sách Ngừng Bán Cũ', status: 'INACTIVE' }))).json().data;

    const page = await t.app.inject({ method: 'GET', url: '/api/v1/admin/books', headers: who.admin.headers });
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(data).toMatchObject({ number: 0, size: 10 });
    expect(data.content).toHaveLength(10);
    expect(data.totalElements).toBe(await countOf(t.app.db, 'books'));
    expect(data.content[0].id).toBe(inactive.id);
    expect(data.content[1].id).toBe(draft.id);
    expect(data.content[0]).toMatchObject({ status: 'INACTIVE', imageCount: 0, publisher: { id: refs.publisher.id } });

    const q = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/admin/books?${query}`, headers: who.admin.headers })).json().data.content.map(
        (b: { id: number }) => b.id,
      );
    expect(await q('q=ban%20nhap%20bi%20mat')).toEqual([draft.id]);
    expect(await q(`q=${draft.isbn13}`)).toEqual([draft.id]);
    expect(await q(`q=${draft.isbn13.slice(0, 3)}-${draft.isbn13.slice(3, 10)}`)).toContain(draft.id);
    expect(await q('q=nhap-001')).toEqual([draft.id]);
    expect(await q('status=DRAFT')).toEqual([draft.id]);
    expect(await q('status=DRAFT&q=ngung%20ban')).toEqual([]);
    expect(await q('q=khong%20co%20sach%20nay')).toEqual([]);

    // The edit form's read: any status, the whole book.
    const one = await t.app.inject({ method: 'GET', url: `/api/v1/admin/books/${draft.id}`, headers: who.admin.headers });
    expect(one.json().data).toMatchObject({ id: draft.id, status: 'DRAFT', sku: 'NHAP-001', isbn13: draft.isbn13 });
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/admin/books/999999', headers: who.admin.headers });
    expect(missing.statusCode).toBe(404);
  });
});

describe('PUT /api/v1/admin/books/{id}', () => {
  it('changes the fields given, replaces the links and refreshes the search document', async () => {
    const book = (await create(bookBody(refs, { title: 'Tựa Cũ Trước Khi Sửa', salePrice: 100_000 }))).json().data;
    const res = await update(book.id, {
      title: 'Tựa Mới Sau Khi Sửa',
      price: 130_000,
      authorIds: [refs.authors[1].id],
      categoryIds: [refs.parent.id],
      pageCount: 0,
      isbn13: '',
      description: '<p>Mới <script>x</script></p>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Cập nhật sách thành công');
    const data = res.json().data;
    expect(data).toMatchObject({
      title: 'Tựa Mới Sau Khi Sửa',
      slug: book.slug,
      isbn13: book.isbn13,
      price: 130_000,
      salePrice: 100_000,
      pageCount: 0,
      description: '<p>Mới </p>',
      authors: [{ id: refs.authors[1].id }],
      categories: [{ id: refs.parent.id }],
    });
    const links = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from book_authors where book_id = ${book.id}`);
    expect(links[0]!.n).toBe(1);
    const [doc] = await queryRows<{ searchDoc: string }>(t.app.db, sql`select search_doc as "searchDoc" from books where id = ${book.id}`);
    expect(doc!.searchDoc).toContain('tua moi sau khi sua');
    expect(doc!.searchDoc).not.toContain('tua cu');
    expect(doc!.searchDoc).toContain(refs.authors[1].slug.split('-').slice(0, 3).join(' '));
    // The storefront's category listing follows the new links at once.
    const listed = async (slug: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/books/catalog?category=${slug}&size=100` })).json().data.content.map((b: { id: number }) => b.id);
    expect(await listed(refs.parent.slug)).toContain(book.id);
    expect(await listed(refs.child.slug)).not.toContain(book.id);

    const [audit] = await auditRows(t.app.db, 'BOOK_UPDATE');
    expect(audit!.entityId).toBe(String(book.id));
    expect(Object.keys((audit!.details as { changes: object }).changes).sort()).toEqual(
      ['authorIds', 'categoryIds', 'description', 'pageCount', 'price', 'title'].sort(),
    );

    // Slug: blank makes a new one from the title; a given one is checked.
    const regenerated = await update(book.id, { slug: '' });
    expect(regenerated.json().data.slug).toBe('tua-moi-sau-khi-sua');
    const taken = await update(book.id, { slug: 'sach-trung' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('DUPLICATE_SLUG_OR_ISBN');
  });

  it('checks the sale against the stored price, an ISBN given, and the book', async () => {
    const book = (await create(bookBody(refs, { price: 80_000 }))).json().data;
    const sale = await update(book.id, { salePrice: 80_000 });
    expect(sale.statusCode).toBe(400);
    expect(sale.json().message).toBe('Giá khuyến mãi phải nhỏ hơn giá bán.');
    const window = await update(book.id, { saleStartAt: '2031-01-02T00:00:00Z', saleEndAt: '2031-01-01T00:00:00Z' });
    expect(window.json().message).toBe('Thời điểm bắt đầu khuyến mãi phải trước thời điểm kết thúc.');
    const isbn = await update(book.id, { isbn13: '123' });
    expect(fieldsOf(isbn).isbn13).toBe(ISBN_MESSAGES.digits);
    const price = await update(book.id, { price: null });
    expect(fieldsOf(price).price).toBe('Giá bán phải lớn hơn 0.');
    const cleared = await update(book.id, { salePrice: 50_000, sku: 'TAM-THOI' });
    expect(cleared.json().data).toMatchObject({ salePrice: 50_000, sku: 'TAM-THOI' });
    const again = await update(book.id, { salePrice: null, sku: '' });
    expect(again.json().data).toMatchObject({ salePrice: null, sku: null });
    const missing = await update(999_999, { title: 'Không có' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('DELETE /api/v1/admin/books/{id}', () => {
  it('deletes a book nobody ordered, with its links', async () => {
    const book = (await create(bookBody(refs))).json().data;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/books/${book.id}`, headers: who.admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Đã xoá sách.', data: { id: book.id, deleted: true, softDeleted: false } });
    expect(await countOf(t.app.db, 'books', sql`id = ${book.id}`)).toBe(0);
    expect(await countOf(t.app.db, 'book_authors', sql`book_id = ${book.id}`)).toBe(0);
    const [audit] = await auditRows(t.app.db, 'BOOK_DELETE');
    expect(audit).toMatchObject({ entityId: String(book.id), details: { isbn13: book.isbn13 } });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/books/${book.id}`, headers: who.admin.headers });
    expect(again.statusCode).toBe(404);
  });

  it('keeps an ordered book and sets it INACTIVE', async () => {
    const book = (await create(bookBody(refs))).json().data;
    await insertOrder(t.app.db, { userId: who.customer.id, grandTotal: 150_000, items: [{ bookId: book.id, qty: 1, unitPrice: 120_000 }] });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/books/${book.id}`, headers: who.admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Sách đã có trong đơn hàng nên không thể xoá hẳn; sách đã được chuyển sang trạng thái Ngừng bán.',
      data: { id: book.id, deleted: false, softDeleted: true, status: 'INACTIVE' },
    });
    const [row] = await queryRows<{ status: string }>(t.app.db, sql`select status from books where id = ${book.id}`);
    expect(row!.status).toBe('INACTIVE');
    const [audit] = await auditRows(t.app.db, 'BOOK_DEACTIVATE');
    expect(audit!.entityId).toBe(String(book.id));
  });
});
