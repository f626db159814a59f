import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminLanguageValue,
  adminUserListQuerySchema,
  bookCreateSchema,
  bookSaleProblems,
  bookSaveErrorMessage,
  bookUpdateSchema,
  categoryCreateSchema,
  imageOrderSchema,
  BOOK_NUMBER_FIELDS,
  CATEGORY_NUMBER_FIELDS,
} from './admin.ts';
import { formNumbers } from './input.ts';
import { ISBN_MESSAGES, withIsbn13Checksum } from './isbn.ts';

const valid = {
  title: '  Đắc Nhân Tâm ',
  isbn13: withIsbn13Checksum('978604100001'),
  publisherId: '3',
  supplierId: 4,
  authorIds: ['7', 7, 8],
  categoryIds: [2],
  pageCount: '320',
  price: 86000,
  language: 'KR',
  coverType: 'PAPERBACK',
  ageRating: '_12PLUS',
};

const form = (values: Record<string, unknown>) => formNumbers(values, BOOK_NUMBER_FIELDS);

describe('bookCreateSchema (the admin form and POST /admin/books)', () => {
  it('reads form values: numeric strings, duplicates dropped, language aliases, defaults', () => {
    const out = bookCreateSchema.parse(form({ ...valid, weightGram: '', salePrice: null, slug: '', saleStartAt: '2030-01-01T08:00:00+07:00' }));
    expect(out).toMatchObject({
      title: 'Đắc Nhân Tâm',
      publisherId: 3,
      authorIds: [7, 8],
      pageCount: 320,
      language: 'KO',
      status: 'ACTIVE',
      stock: 0,
      weightGram: null,
      salePrice: null,
      saleStartAt: '2030-01-01T01:00:00.000Z',
    });
    expect(out.slug).toBeUndefined();
  });

  it('gives the spec messages', () => {
    const messageOf = (patch: Record<string, unknown>, field: string) => {
      const r = bookCreateSchema.safeParse(form({ ...valid, ...patch }));
      expect(r.success).toBe(false);
      return r.error!.issues.find((i) => i.path[0] === field)?.message;
    };
    expect(messageOf({ isbn13: '' }, 'isbn13')).toBe(ISBN_MESSAGES.required);
    expect(messageOf({ isbn13: '12345' }, 'isbn13')).toBe(ISBN_MESSAGES.digits);
    const wrongCheckDigit = `${valid.isbn13.slice(0, 12)}${(Number(valid.isbn13[12]) + 1) % 10}`;
    expect(messageOf({ isbn13: wrongCheckDigit }, 'isbn13')).toBe(ISBN_MESSAGES.checksum);
    expect(messageOf({ pageCount: 0 }, 'pageCount')).toBe('Số trang phải lớn hơn 0.');
    expect(messageOf({ price: '' }, 'price')).toBe('Giá bán phải lớn hơn 0.');
    expect(messageOf({ authorIds: [] }, 'authorIds')).toBe('Chọn ít nhất một tác giả.');
    expect(messageOf({ authorIds: ['x'] }, 'authorIds')).toBe('Chọn ít nhất một tác giả.');
    expect(messageOf({ salePrice: 86000 }, 'salePrice')).toBe('Giá khuyến mãi phải nhỏ hơn giá bán.');
  });

  it('the API takes JSON numbers only: strings, booleans and lists are refused, never read as numbers', () => {
    const body = formNumbers(valid, BOOK_NUMBER_FIELDS);
    for (const [field, value] of [
      ['publisherId', '3'],
      ['publisherId', 2 ** 31],
      ['price', '0x10'],
      ['price', '1e3'],
      ['pageCount', ' '],
      ['pageCount', true],
      ['stock', [1]],
      ['authorIds', ['7']],
    ] as const) {
      const r = bookCreateSchema.safeParse({ ...body, [field]: value });
      expect(r.success, `${field}=${JSON.stringify(value)}`).toBe(false);
      expect(r.error!.issues[0]!.path[0]).toBe(field);
    }
  });

  it('edit: everything optional, ISBN blank = unchanged, pageCount 0 allowed, slug blank = regenerate', () => {
    expect(bookUpdateSchema.parse({ isbn13: '', pageCount: 0, slug: '' })).toEqual({ pageCount: 0, slug: null });
    expect(bookUpdateSchema.safeParse({ isbn13: '123' }).error?.issues[0]?.message).toBe(ISBN_MESSAGES.digits);
    // Stock moves only through the stock ledger: an edit's stock is checked, then ignored.
    expect('stock' in bookUpdateSchema.parse(form({ initialStock: '4', title: 'T' }))).toBe(false);
    expect(bookUpdateSchema.safeParse({ stock: -1 }).success).toBe(false);
    expect(bookUpdateSchema.safeParse({}).error?.issues[0]?.message).toBe('Không có thông tin nào để cập nhật.');
    expect(bookUpdateSchema.safeParse({ isbn13: '', unknown: 1 }).success).toBe(false);
  });
});

describe('helpers', () => {
  it('bookSaleProblems checks the price and the window', () => {
    expect(bookSaleProblems({ price: 100, salePrice: 90, saleStartAt: null, saleEndAt: null })).toEqual([]);
    expect(bookSaleProblems({ price: 100, salePrice: 100, saleStartAt: '2030-01-02', saleEndAt: '2030-01-01' }).map((p) => p.field)).toEqual([
      'salePrice',
      'saleEndAt',
    ]);
  });

  it('bookSaveErrorMessage maps the duplicate answer (spec section 8)', () => {
    expect(bookSaveErrorMessage({ message: 'Duplicate slug or ISBN-13' }, 'create')).toBe(ADMIN_MESSAGES.duplicateSlugOrIsbn);
    expect(bookSaveErrorMessage({ message: 'x', code: 'DUPLICATE_SLUG_OR_ISBN' }, 'update')).toBe(ADMIN_MESSAGES.duplicateSlugOrIsbn);
    expect(bookSaveErrorMessage({ message: '' }, 'create')).toBe('Tạo sách thất bại');
    expect(bookSaveErrorMessage(undefined, 'update')).toBe('Cập nhật sách thất bại');
  });

  it('maps stored languages to the form values', () => {
    expect(['JA', 'KO', 'ZH', 'VI', 'FR'].map((l) => adminLanguageValue(l as never))).toEqual(['JP', 'KR', 'CN', 'VI', 'FR']);
  });

  it('category name, image order and users query', () => {
    expect(categoryCreateSchema.safeParse({ name: '  ' }).error?.issues[0]?.message).toBe('Vui lòng nhập tên danh mục');
    expect(categoryCreateSchema.parse(formNumbers({ name: 'A', parentId: '' }, CATEGORY_NUMBER_FIELDS)).parentId).toBeNull();
    expect(categoryCreateSchema.safeParse({ name: 'A', parentId: '1' }).success).toBe(false);
    expect(categoryCreateSchema.safeParse({ name: 'A\u0000' }).success).toBe(false);
    expect(imageOrderSchema.parse({ imageIds: [3, 1, 3] }).imageIds).toEqual([3, 1]);
    expect(imageOrderSchema.safeParse({ imageIds: ['3', 1] }).success).toBe(false);
    expect(adminUserListQuerySchema.parse({}).sort).toEqual({ field: 'id', direction: 'desc' });
    expect(adminUserListQuerySchema.parse({ sort: 'createdAt,ASC', size: '500' })).toMatchObject({ sort: { field: 'createdAt', direction: 'asc' }, size: 200, page: 0 });
  });
});
