import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { actors, auditRows, bookBody, countOf, insertRefs, type Actors, type Refs } from '../../../../test/admin.ts';

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

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.admin.headers, ...(payload ? { payload } : {}) });

describe('categories', () => {
  it('creates with a unique slug from the name, placed last among its siblings', async () => {
    const top = await asAdmin('POST', '/api/v1/admin/categories', { name: 'Sách Thiếu Nhi', parentId: null });
    expect(top.statusCode).toBe(201);
    expect(top.json().data).toMatchObject({ name: 'Sách Thiếu Nhi', slug: 'sach-thieu-nhi', parentId: null, depth: 0, leaf: true, bookCount: 0, childCount: 0 });
    const same = await asAdmin('POST', '/api/v1/admin/categories', { name: 'Sách thiếu nhi' });
    expect(same.json().data.slug).toBe('sach-thieu-nhi-2');
    const child1 = await asAdmin('POST', '/api/v1/admin/categories', { name: 'Truyện Cổ Tích', parentId: top.json().data.id });
    const child2 = await asAdmin('POST', '/api/v1/admin/categories', { name: 'Đồng Dao', parentId: top.json().data.id });
    expect(child1.json().data).toMatchObject({ parentId: top.json().data.id, depth: 1, sortOrder: 0 });
    expect(child2.json().data).toMatchObject({ slug: 'dong-dao', sortOrder: 1 });
    // The storefront tree shows it at once.
    const tree = await t.app.inject({ method: 'GET', url: '/api/v1/categories/tree' });
    const node = tree.json().data.find((c: { id: number }) => c.id === top.json().data.id);
    expect(node.children.map((c: { slug: string }) => c.slug)).toEqual(['truyen-co-tich', 'dong-dao']);
    expect((await auditRows(t.app.db, 'CATEGORY_CREATE'))[0]!.entityId).toBe(String(child2.json().data.id));

    for (const [body, message] of [
      [{ name: '' }, 'Vui lòng nhập tên danh mục'],
      [{ name: '   ' }, 'Vui lòng nhập tên danh mục'],
      [{}, 'Vui lòng nhập tên danh mục'],
      [{ name: 'X', parentId: 999_999 }, 'Danh mục cha không tồn tại.'],
      [{ name: 'X', slug: 'Có Dấu' }, 'Slug chỉ gồm chữ thường không dấu, số và dấu gạch ngang (ví dụ: dac-nhan-tam).'],
    ] as const) {
      const res = await asAdmin('POST', '/api/v1/admin/categories', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const taken = await asAdmin('POST', '/api/v1/admin/categories', { name: 'Khác', slug: 'dong-dao' });
    expect(taken.statusCode).toBe(409);
  });

  it('renames, re-slugs and moves, refusing a move under itself or a descendant', async () => {
    const a = (await asAdmin('POST', '/api/v1/admin/categories', { name: 'Khoa Học' })).json().data;
    const b = (await asAdmin('POST', '/api/v1/admin/categories', { name: 'Vật Lý', parentId: a.id })).json().data;
    const c = (await asAdmin('POST', '/api/v1/admin/categories', { name: 'Cơ Học', parentId: b.id })).json().data;

    const renamed = await asAdmin('PUT', `/api/v1/admin/categories/${b.id}`, { name: 'Vật Lý Học' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Vật Lý Học', slug: 'vat-ly' });
    const reslugged = await asAdmin('PUT', `/api/v1/admin/categories/${b.id}`, { slug: '' });
    expect(reslugged.json().data.slug).toBe('vat-ly-hoc');

    for (const parentId of [a.id, b.id, c.id].slice(0, 3)) {
      const res = await asAdmin('PUT', `/api/v1/admin/categories/${a.id}`, { parentId });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Không thể chuyển danh mục vào chính nó hoặc vào danh mục con của nó.');
    }
    const [still] = await queryRows<{ parentId: number | null }>(t.app.db, sql`select parent_id as "parentId" from categories where id = ${a.id}`);
    expect(still!.parentId).toBeNull();

    const moved = await asAdmin('PUT', `/api/v1/admin/categories/${c.id}`, { parentId: null });
    expect(moved.json().data).toMatchObject({ parentId: null, depth: 0 });
    const under = await asAdmin('PUT', `/api/v1/admin/categories/${a.id}`, { parentId: c.id });
    expect(under.json().data).toMatchObject({ parentId: c.id, depth: 1 });
    const audit = (await auditRows(t.app.db, 'CATEGORY_UPDATE'))[0]!;
    expect(audit.details).toEqual({ changes: { parentId: { from: null, to: c.id } } });
    expect((await asAdmin('PUT', '/api/v1/admin/categories/999999', { name: 'X' })).statusCode).toBe(404);
  });

  it('refuses to delete a category books or children use, deletes an unused one', async () => {
    const parent = (await asAdmin('POST', '/api/v1/admin/categories', { name: 'Kinh Tế Học' })).json().data;
    const child = (await asAdmin('POST', '/api/v1/admin/categories', { name: 'Vi Mô', parentId: parent.id })).json().data;
    const book = await asAdmin('POST', '/api/v1/admin/books', bookBody(refs, { categoryIds: [child.id] }));
    expect(book.statusCode).toBe(201);

    const list = (await asAdmin('GET', '/api/v1/admin/categories')).json().data as { id: number; bookCount: number; childCount: number }[];
    expect(list.find((c) => c.id === parent.id)).toMatchObject({ bookCount: 0, childCount: 1 });
    expect(list.find((c) => c.id === child.id)).toMatchObject({ bookCount: 1, childCount: 0 });

    const withChildren = await asAdmin('DELETE', `/api/v1/admin/categories/${parent.id}`);
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json()).toMatchObject({
      error: 'IN_USE',
      message: 'Danh mục còn 1 danh mục con nên không thể xoá. Hãy xoá hoặc chuyển các danh mục con trước.',
    });
    const withBooks = await asAdmin('DELETE', `/api/v1/admin/categories/${child.id}`);
    expect(withBooks.statusCode).toBe(409);
    expect(withBooks.json().message).toBe('Danh mục đang có 1 sách nên không thể xoá. Hãy chuyển các sách sang danh mục khác trước.');
    expect(await countOf(t.app.db, 'categories', sql`id in (${parent.id}, ${child.id})`)).toBe(2);

    await asAdmin('DELETE', `/api/v1/admin/books/${book.json().data.id}`);
    expect((await asAdmin('DELETE', `/api/v1/admin/categories/${child.id}`)).statusCode).toBe(200);
    const gone = await asAdmin('DELETE', `/api/v1/admin/categories/${parent.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe('Đã xoá danh mục.');
    expect(await countOf(t.app.db, 'categories', sql`id in (${parent.id}, ${child.id})`)).toBe(0);
    expect((await auditRows(t.app.db, 'CATEGORY_DELETE'))[0]!.entityId).toBe(String(parent.id));
  });
});

describe('authors, publishers and suppliers', () => {
  it('creates, lists, searches, renames and deletes each kind', async () => {
    for (const [kind, entity] of [
      ['authors', 'AUTHOR'],
      ['publishers', 'PUBLISHER'],
      ['suppliers', 'SUPPLIER'],
    ] as const) {
      const first = await asAdmin('POST', `/api/v1/admin/${kind}`, { name: 'Nguyễn Nhật Ánh', slug: '' });
      expect(first.statusCode, kind).toBe(201);
      expect(first.json().data).toMatchObject({ name: 'Nguyễn Nhật Ánh', slug: 'nguyen-nhat-anh', bookCount: 0 });
      const second = await asAdmin('POST', `/api/v1/admin/${kind}`, { name: 'Nguyễn Nhật  Ánh' });
      expect(second.json().data.slug).toBe('nguyen-nhat-anh-2');
      const given = await asAdmin('POST', `/api/v1/admin/${kind}`, { name: 'Đặng Thái Sơn', slug: 'dang-thai-son' });
      expect(given.json().data.slug).toBe('dang-thai-son');
      const taken = await asAdmin('POST', `/api/v1/admin/${kind}`, { name: 'Khác', slug: 'dang-thai-son' });
      expect(taken.statusCode).toBe(409);
      const blank = await asAdmin('POST', `/api/v1/admin/${kind}`, { name: ' ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe('Vui lòng nhập tên.');

      const search = await asAdmin('GET', `/api/v1/admin/${kind}?q=nguyen%20nhat&page=0`);
      expect(search.json().data).toMatchObject({ totalElements: 2, number: 0, size: 10 });
      const byName = await asAdmin('GET', `/api/v1/admin/${kind}?sort=name&size=1&page=0&q=a`);
      expect(byName.json().data.content).toHaveLength(1);
      const newest = await asAdmin('GET', `/api/v1/admin/${kind}?size=10`);
      expect(newest.json().data.content[0].id).toBe(given.json().data.id);
      // Without page or size: every one, by name, as a plain array (other front ends fill their pickers so).
      const all: { id: number; name: string; slug: string }[] = (await asAdmin('GET', `/api/v1/admin/${kind}`)).json().data;
      expect(all).toHaveLength(newest.json().data.totalElements);
      expect(all.every((m) => Object.keys(m).sort().join() === 'id,name,slug')).toBe(true);
      const ours = [given, first, second].map((r) => r.json().data.id);
      expect(all.filter((m) => ours.includes(m.id))).toEqual([
        { id: given.json().data.id, name: 'Đặng Thái Sơn', slug: 'dang-thai-son' },
        { id: first.json().data.id, name: 'Nguyễn Nhật Ánh', slug: first.json().data.slug },
        { id: second.json().data.id, name: second.json().data.name, slug: second.json().data.slug },
      ]);
      expect((await asAdmin('GET', `/api/v1/admin/${kind}?q=nguyen%20nhat`)).json().data).toHaveLength(2);

      const renamed = await asAdmin('PUT', `/api/v1/admin/${kind}/${second.json().data.id}`, { name: 'Nguyễn Nhật Ánh (tái bản)', slug: '' });
      expect(renamed.json().data).toMatchObject({ name: 'Nguyễn Nhật Ánh (tái bản)', slug: 'nguyen-nhat-anh-tai-ban' });
      expect((await asAdmin('GET', `/api/v1/admin/${kind}/${second.json().data.id}`)).json().data.name).toBe('Nguyễn Nhật Ánh (tái bản)');

      const del = await asAdmin('DELETE', `/api/v1/admin/${kind}/${second.json().data.id}`);
      expect(del.statusCode).toBe(200);
      expect((await asAdmin('GET', `/api/v1/admin/${kind}/${second.json().data.id}`)).statusCode).toBe(404);
      for (const action of ['CREATE', 'UPDATE', 'DELETE']) {
        expect((await auditRows(t.app.db, `${entity}_${action}`)).length, `${entity}_${action}`).toBeGreaterThan(0);
      }
    }
  });

  it('refuses to delete one a book uses, and a rename reaches the search', async () => {
    const book = (await asAdmin('POST', '/api/v1/admin/books', bookBody(refs, { title: 'Sách Của Tác Giả Đổi Tên' }))).json().data;
    for (const [kind, id, label] of [
      ['authors', refs.authors[0].id, 'tác giả'],
      ['publishers', refs.publisher.id, 'nhà xuất bản'],
      ['suppliers', refs.supplier.id, 'nhà cung cấp'],
    ] as const) {
      const res = await asAdmin('DELETE', `/api/v1/admin/${kind}/${id}`);
      expect(res.statusCode, kind).toBe(409);
      expect(res.json()).toMatchObject({ error: 'IN_USE' });
      expect(res.json().message).toMatch(new RegExp(`^Đang có \\d+ sách dùng ${label} này nên không thể xoá\\.$`));
    }
    const renamed = await asAdmin('PUT', `/api/v1/admin/authors/${refs.authors[0].id}`, { name: 'Xuân Quỳnh Bút Danh' });
    expect(renamed.statusCode).toBe(200);
    const found = await t.app.inject({ method: 'GET', url: '/api/v1/books/search?q=xuan%20quynh%20but%20danh' });
    expect(found.json().data.content.map((b: { id: number }) => b.id)).toContain(book.id);
  });
});
