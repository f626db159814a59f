import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DELETED_COMMENT_TEXT } from '@nhasach/shared';
import { books, comments } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeBook, makeCustomer, type Customer } from '../../../test/engagement.ts';

let t: TestApp;
let lan: Customer;
let minh: Customer;
let ha: Customer;

beforeAll(async () => {
  t = await createTestApp();
});
// Fresh people for every test: the comment flood limit counts per user.
beforeEach(async () => {
  [lan, minh, ha] = await Promise.all([
    makeCustomer(t.app, 'Nguyễn Thị Lan'),
    makeCustomer(t.app, 'Trần Văn Minh'),
    makeCustomer(t.app, 'Phạm Thu Hà'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const post = (bookId: number, who: Customer | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v1/books/${bookId}/comments`, headers: who?.headers, payload: payload as object });
const list = (bookId: number, who?: Customer, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/books/${bookId}/comments${query}`, headers: who?.headers });
const like = (id: number, who: Customer | undefined, on = true) =>
  t.app.inject({ method: on ? 'PUT' : 'DELETE', url: `/api/v1/comment/${id}/like`, headers: who?.headers });
const edit = (id: number, who: Customer | undefined, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/comments/${id}`, headers: who?.headers, payload: payload as object });
const remove = (id: number, who?: Customer) => t.app.inject({ method: 'DELETE', url: `/api/v1/comments/${id}`, headers: who?.headers });

async function postOk(bookId: number, who: Customer, content: string, parentId?: number): Promise<number> {
  const res = await post(bookId, who, parentId === undefined ? { content } : { content, parentId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

describe('posting comments', () => {
  it('creates a comment with the full item shape', async () => {
    const book = await makeBook(t.app);
    const res = await post(book.id, lan, { content: '  Sách này có bản bìa cứng không shop?  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Đã gửi bình luận');
    const c = res.json().data;
    expect(c).toEqual({
      id: expect.any(Number),
      bookId: book.id,
      userId: lan.id,
      userName: 'Nguyễn Thị Lan',
      content: 'Sách này có bản bìa cứng không shop?',
      createdAt: expect.any(String),
      updatedAt: c.createdAt,
      edited: false,
      deleted: false,
      parentId: null,
      children: [],
      likeCount: 0,
      likedByMe: false,
      isMine: true,
    });
  });

  it('refuses guests, blank and too long content', async () => {
    const book = await makeBook(t.app);
    expect((await post(book.id, undefined, { content: 'Xin chào' })).statusCode).toBe(401);
    for (const content of ['', '   ', '\n\t ', undefined, null]) {
      const res = await post(book.id, lan, { content });
      expect(res.statusCode, JSON.stringify(content)).toBe(400);
      expect(res.json().data.fields[0].field).toBe('content');
      expect(res.json().message).toContain('Vui lòng nhập nội dung bình luận.');
    }
    expect((await post(book.id, lan, { content: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await post(book.id, lan, { content: 'x'.repeat(2000) })).statusCode).toBe(201);
    expect((await post(book.id, lan, { content: 'ok', parentId: 'abc' })).statusCode).toBe(400);
  });

  it('answers 404 on hidden and unknown books', async () => {
    const hidden = await makeBook(t.app, { status: 'INACTIVE' });
    expect((await post(hidden.id, lan, { content: 'Xin chào' })).statusCode).toBe(404);
    expect((await list(hidden.id)).statusCode).toBe(404);
    expect((await list(876_543)).statusCode).toBe(404);
  });

  it('stores markup as plain text, exactly as typed', async () => {
    const book = await makeBook(t.app);
    const text = '<script>alert(1)</script><img src=x onerror=alert(2)> &lt;b&gt;';
    await postOk(book.id, lan, text);
    const [row] = await t.app.db.select().from(comments).where(eq(comments.bookId, book.id));
    expect(row!.content).toBe(text);
    expect((await list(book.id)).json().data.content[0].content).toBe(text);
  });
});

describe('replies', () => {
  it('nests replies one level, oldest first, and flattens a reply to a reply', async () => {
    const book = await makeBook(t.app);
    const top = await postOk(book.id, lan, 'Có ai đọc chưa?');
    const r1 = await postOk(book.id, minh, 'Mình đọc rồi, hay lắm.', top);
    const r2 = await postOk(book.id, ha, 'Đồng ý với bạn Minh!', r1);

    const reply = (await list(book.id)).json().data.content[0];
    expect(reply.id).toBe(top);
    expect(reply.children.map((c: { id: number }) => c.id)).toEqual([r1, r2]);
    expect(reply.children.map((c: { parentId: number }) => c.parentId)).toEqual([top, top]);
    expect(reply.children[1].children).toEqual([]);
    const [row] = await t.app.db.select().from(comments).where(eq(comments.id, r2));
    expect(row!.parentId).toBe(top);
  });

  it('refuses a parent of another book, an unknown or a deleted parent', async () => {
    const book = await makeBook(t.app);
    const other = await makeBook(t.app);
    const elsewhere = await postOk(other.id, lan, 'Ở sách khác');
    const res = await post(book.id, minh, { content: 'Trả lời nhầm sách', parentId: elsewhere });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Bình luận bạn trả lời không tồn tại hoặc đã bị xóa.');
    expect((await post(book.id, minh, { content: 'x', parentId: 999_999 })).statusCode).toBe(404);

    const gone = await postOk(book.id, lan, 'Sẽ xóa');
    await remove(gone, lan);
    expect((await post(book.id, minh, { content: 'Trả lời bình luận đã xóa', parentId: gone })).statusCode).toBe(404);
  });
});

describe('listing', () => {
  it('pages top-level comments newest first; old and top sorts', async () => {
    const book = await makeBook(t.app);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await postOk(book.id, i % 2 ? minh : lan, `Bình luận số ${i}`));
    await postOk(book.id, ha, 'Một câu trả lời', ids[0]);

    const page0 = (await list(book.id, undefined, '?page=0&size=2')).json().data;
    expect(page0).toMatchObject({ totalElements: 5, totalPages: 3, number: 0, size: 2 });
    expect(page0.content.map((c: { id: number }) => c.id)).toEqual([ids[4], ids[3]]);
    const page2 = (await list(book.id, undefined, '?page=2&size=2')).json().data;
    expect(page2.content.map((c: { id: number }) => c.id)).toEqual([ids[0]]);
    expect(page2.content[0].children).toHaveLength(1);

    const old = (await list(book.id, undefined, '?sort=old')).json().data;
    expect(old.size).toBe(10);
    expect(old.content.map((c: { id: number }) => c.id)).toEqual(ids);

    await like(ids[1]!, minh);
    await like(ids[1]!, ha);
    await like(ids[2]!, ha);
    const top = (await list(book.id, undefined, '?sort=top&size=3')).json().data;
    expect(top.content.map((c: { id: number }) => c.id)).toEqual([ids[1], ids[2], ids[4]]);
  });

  it('shows likedByMe and isMine per viewer', async () => {
    const book = await makeBook(t.app);
    const top = await postOk(book.id, lan, 'Của Lan');
    const reply = await postOk(book.id, minh, 'Của Minh', top);
    await like(top, minh);
    await like(reply, lan);

    const view = async (who?: Customer) => (await list(book.id, who)).json().data.content[0];
    const asLan = await view(lan);
    expect(asLan).toMatchObject({ isMine: true, likedByMe: false, likeCount: 1 });
    expect(asLan.children[0]).toMatchObject({ isMine: false, likedByMe: true, likeCount: 1 });
    const asMinh = await view(minh);
    expect(asMinh).toMatchObject({ isMine: false, likedByMe: true });
    expect(asMinh.children[0]).toMatchObject({ isMine: true, likedByMe: false });
    const asGuest = await view();
    expect(asGuest).toMatchObject({ isMine: false, likedByMe: false, likeCount: 1 });
    expect(asGuest.children[0]).toMatchObject({ isMine: false, likedByMe: false, likeCount: 1 });
  });

  it('refuses a bad token on the public list instead of silently treating it as a guest', async () => {
    const book = await makeBook(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/books/${book.id}/comments`, headers: { authorization: 'Bearer nope' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('editing and deleting', () => {
  it('lets only the author edit, trims and marks it edited', async () => {
    const book = await makeBook(t.app);
    const id = await postOk(book.id, lan, 'Bản đầu');
    expect((await edit(id, undefined, { content: 'x' })).statusCode).toBe(401);
    const forbidden = await edit(id, minh, { content: 'Sửa trộm' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Bạn chỉ có thể sửa hoặc xóa bình luận của chính mình.');
    expect((await edit(id, lan, { content: '   ' })).statusCode).toBe(400);

    const ok = await edit(id, lan, { content: '  Bản đã sửa  ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Đã lưu chỉnh sửa');
    expect(ok.json().data).toMatchObject({ id, content: 'Bản đã sửa', edited: true, isMine: true });
    expect((await list(book.id)).json().data.content[0].content).toBe('Bản đã sửa');
    expect((await edit(999_999, lan, { content: 'x' })).statusCode).toBe(404);
  });

  it('lets only the author delete; a deleted reply disappears', async () => {
    const book = await makeBook(t.app);
    const top = await postOk(book.id, lan, 'Gốc');
    const reply = await postOk(book.id, minh, 'Trả lời', top);
    expect((await remove(reply)).statusCode).toBe(401);
    expect((await remove(reply, lan)).statusCode).toBe(403);
    const ok = await remove(reply, minh);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Đã xóa bình luận', data: null });
    expect((await list(book.id)).json().data.content[0].children).toEqual([]);
    expect((await remove(reply, minh)).statusCode).toBe(404);
    expect((await edit(reply, minh, { content: 'Sửa cái đã xóa' })).statusCode).toBe(404);
  });

  it('hides a deleted top-level comment without replies, keeps one with replies as a placeholder', async () => {
    const book = await makeBook(t.app);
    const lonely = await postOk(book.id, lan, 'Không ai trả lời');
    const busy = await postOk(book.id, lan, 'Có người trả lời');
    const reply = await postOk(book.id, minh, 'Mình trả lời đây', busy);
    await like(busy, ha);
    await remove(lonely, lan);
    await remove(busy, lan);

    const page = (await list(book.id, lan)).json().data;
    expect(page.totalElements).toBe(1);
    expect(page.content).toHaveLength(1);
    expect(page.content[0]).toMatchObject({
      id: busy,
      deleted: true,
      content: DELETED_COMMENT_TEXT,
      isMine: false,
      likeCount: 1,
    });
    expect(page.content[0].children.map((c: { id: number }) => c.id)).toEqual([reply]);
    // The placeholder cannot be liked, edited or answered any more.
    expect((await like(busy, minh)).statusCode).toBe(404);

    // When the last reply goes too, the placeholder goes.
    await remove(reply, minh);
    expect((await list(book.id)).json().data).toMatchObject({ totalElements: 0, content: [] });
  });
});

describe('comment likes', () => {
  it('are idempotent and counted per user', async () => {
    const book = await makeBook(t.app);
    const id = await postOk(book.id, lan, 'Thích thì bấm');
    expect((await like(id, undefined)).statusCode).toBe(401);

    expect((await like(id, minh)).json().data).toEqual({ liked: true, likeCount: 1 });
    expect((await like(id, minh)).json().data).toEqual({ liked: true, likeCount: 1 });
    expect((await like(id, ha)).json().data).toEqual({ liked: true, likeCount: 2 });
    expect((await like(id, lan)).json().data).toEqual({ liked: true, likeCount: 3 });

    expect((await like(id, minh, false)).json().data).toEqual({ liked: false, likeCount: 2 });
    expect((await like(id, minh, false)).json().data).toEqual({ liked: false, likeCount: 2 });
    expect((await like(999_999, minh)).statusCode).toBe(404);
    expect((await like(999_999, minh, false)).statusCode).toBe(404);
  });

  it('disappear with a book that is hidden', async () => {
    const book = await makeBook(t.app);
    const id = await postOk(book.id, lan, 'Sách sắp ẩn');
    await t.app.db.update(books).set({ status: 'INACTIVE' }).where(eq(books.id, book.id));
    expect((await like(id, minh)).statusCode).toBe(404);
    expect((await edit(id, lan, { content: 'x' })).statusCode).toBe(404);
  });
});

describe('flood limit', () => {
  it('stops a user posting more than 10 comments a minute', async () => {
    const book = await makeBook(t.app);
    const spammer = await makeCustomer(t.app, 'Spam');
    for (let i = 0; i < 10; i++) expect((await post(book.id, spammer, { content: `Tin ${i}` })).statusCode).toBe(201);
    const res = await post(book.id, spammer, { content: 'Tin 11' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Bạn bình luận quá nhanh/);
    // Others are not affected.
    expect((await post(book.id, ha, { content: 'Tôi vẫn bình luận được' })).statusCode).toBe(201);
  });
});
