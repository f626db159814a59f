import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, ISBN_MESSAGES, bookCreateSchema, bookUpdateSchema, withIsbn13Checksum, type BookDto } from '@nhasach/shared';
import { bookToForm, emptyBookForm, formSummary, toDateTimeLocal, withNumbers, type BookFormValues } from './bookForm.ts';

/** The field errors of the shared create schema for these form values, as react-hook-form would get them. */
function errorsOf(values: BookFormValues, schema: typeof bookCreateSchema | typeof bookUpdateSchema = bookCreateSchema) {
  const r = schema.safeParse(withNumbers(values));
  if (r.success) return {};
  const out: Record<string, { message: string }> = {};
  for (const issue of r.error.issues) {
    const key = String(issue.path[0]);
    out[key] ??= { message: issue.message };
  }
  return out;
}

const isbn = withIsbn13Checksum('978604100001');

const filled = (): BookFormValues => ({
  ...emptyBookForm(),
  title: '  Đắc Nhân Tâm  ',
  isbn13: isbn,
  publisherId: '3',
  supplierId: '4',
  authorIds: [7, 7, 8],
  categoryIds: [2],
  price: '86000',
  salePrice: '69000',
  stock: '12',
});

describe('book form values and the shared schemas', () => {
  it('starts from the defaults of spec section 9', () => {
    const v = emptyBookForm();
    expect(v).toMatchObject({
      pageCount: '100',
      weightGram: '200',
      widthCm: '15',
      heightCm: '20',
      thicknessCm: '1.5',
      price: '1',
      status: 'ACTIVE',
      language: 'VI',
      coverType: 'PAPERBACK',
      ageRating: 'ALL',
    });
  });

  it('an empty form is refused: the summary says to fill the required fields, the ISBN field says it is required', () => {
    const errors = errorsOf(emptyBookForm());
    expect(Object.keys(errors).sort()).toEqual(['authorIds', 'categoryIds', 'isbn13', 'publisherId', 'supplierId', 'title']);
    expect(errors.isbn13?.message).toBe(ISBN_MESSAGES.required);
    expect(formSummary(errors)).toBe(ADMIN_MESSAGES.requiredFields);
  });

  it('a wrong ISBN alone is the summary itself', () => {
    const wrongDigit = `${isbn.slice(0, 12)}${(Number(isbn[12]) + 1) % 10}`;
    expect(formSummary(errorsOf({ ...filled(), isbn13: wrongDigit }))).toBe(ISBN_MESSAGES.checksum);
    expect(formSummary(errorsOf({ ...filled(), isbn13: '97860410' }))).toBe(ISBN_MESSAGES.digits);
  });

  it('a sale price not below the price is not a missing field', () => {
    const errors = errorsOf({ ...filled(), salePrice: '90000' });
    expect(Object.keys(errors)).toEqual(['salePrice']);
    expect(formSummary(errors)).toBe('Vui lòng kiểm tra lại các trường được đánh dấu.');
  });

  it('a filled form becomes the create body: numbers, ids without duplicates, blanks cleared, local dates as ISO', () => {
    const local = '02/01/2030 09:30';
    const body = bookCreateSchema.parse(withNumbers({ ...filled(), saleStartAt: local, saleEndAt: '' }));
    expect(body).toMatchObject({
      title: 'Đắc Nhân Tâm',
      isbn13: isbn,
      publisherId: 3,
      supplierId: 4,
      authorIds: [7, 8],
      categoryIds: [2],
      price: 86000,
      salePrice: 69000,
      stock: 12,
      pageCount: 100,
      thicknessCm: 1.5,
      sku: null,
      publicationYear: null,
      saleEndAt: null,
      language: 'VI',
    });
    expect(body.slug).toBeUndefined();
    // Typed in Vietnam time (UTC+7), whatever the browser's zone.
    expect(body.saleStartAt).toBe('2030-01-02T02:30:00.000Z');
  });

  it('a stored book goes into the form and back through the edit schema unchanged', () => {
    const book = {
      id: 9,
      slug: 'dac-nhan-tam',
      title: 'Đắc Nhân Tâm',
      originalTitle: 'How to Win Friends and Influence People',
      sku: null,
      isbn13: isbn,
      thumbnail: null,
      images: [],
      price: 86000,
      salePrice: null,
      effectivePrice: 86000,
      saleStartAt: '2030-01-02T02:30:00.000Z',
      saleEndAt: null,
      sold: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      description: '<p>Hay</p>',
      supplier: { id: 4, name: 'Fahasa', slug: 'fahasa' },
      publisher: { id: 3, name: 'NXB Trẻ', slug: 'nxb-tre' },
      authors: [{ id: 7, name: 'Dale Carnegie', slug: 'dale-carnegie' }],
      categories: [{ id: 2, name: 'Kỹ năng sống', slug: 'ky-nang-song' }],
      publicationYear: 2019,
      language: 'JA',
      coverType: 'HARDCOVER',
      ageRating: '_12PLUS',
      ageMinYears: 12,
      weightGram: 300,
      widthCm: 14.5,
      heightCm: 20.5,
      thicknessCm: 2,
      pageCount: 320,
      stock: 5,
      status: 'DRAFT',
      likedByMe: false,
      favoriteCount: 0,
      ratingAverage: 0,
      ratingCount: 0,
    } satisfies BookDto;
    const form = bookToForm(book);
    // The admin form's code for Japanese (spec section 3).
    expect(form.language).toBe('JP');
    expect(form.saleStartAt).toBe(toDateTimeLocal(book.saleStartAt));
    const body = bookUpdateSchema.parse(withNumbers(form));
    expect(body).toMatchObject({
      title: book.title,
      slug: book.slug,
      isbn13: isbn,
      publisherId: 3,
      supplierId: 4,
      authorIds: [7],
      categoryIds: [2],
      price: 86000,
      salePrice: null,
      language: 'JA',
      coverType: 'HARDCOVER',
      ageRating: '_12PLUS',
      status: 'DRAFT',
      pageCount: 320,
      widthCm: 14.5,
      publicationYear: 2019,
      description: '<p>Hay</p>',
    });
    // Stock changes only through the stock room's movements: the book form never sends it.
    expect(body).not.toHaveProperty('stock');
    // Minutes are what the input keeps.
    expect(body.saleStartAt).toBe(book.saleStartAt);
  });
});
