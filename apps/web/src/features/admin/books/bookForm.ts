import {
  ADMIN_MESSAGES,
  BOOK_FORM_DEFAULTS,
  BOOK_NUMBER_FIELDS,
  formatDateTimeVN,
  formNumbers,
  parseDateTimeVN,
  parseDateVN,
  ISBN_MESSAGES,
  adminLanguageValue,
  type AgeRating,
  type BookDto,
  type BookStatus,
  type CoverType,
} from '@nhasach/shared';
import type { FieldErrors } from 'react-hook-form';

/**
 * Values of the book form as the inputs hold them: numbers are strings ('' = empty) and selects hold ids as
 * strings. Once withNumbers made its number fields numbers, the shared schemas (bookCreateSchema,
 * bookUpdateSchema) read them and give the request body, so the form checks the same rules as the server.
 */
export interface BookFormValues {
  title: string;
  slug: string;
  isbn13: string;
  sku: string;
  originalTitle: string;
  publisherId: string;
  supplierId: string;
  authorIds: number[];
  categoryIds: number[];
  price: string;
  salePrice: string;
  saleStartAt: string;
  saleEndAt: string;
  stock: string;
  status: BookStatus;
  language: string;
  coverType: CoverType;
  ageRating: AgeRating;
  publicationYear: string;
  pageCount: string;
  weightGram: string;
  widthCm: string;
  heightCm: string;
  thicknessCm: string;
  description: string;
}

/** The form's values with its number inputs as numbers ('' = null): what the shared schemas read. */
export const withNumbers = (values: BookFormValues): BookFormValues => ({
  ...formNumbers(values, BOOK_NUMBER_FIELDS),
  saleStartAt: vnInputToIso(values.saleStartAt),
  saleEndAt: vnInputToIso(values.saleEndAt),
});

/**
 * A masked 'dd/mm/yyyy HH:mm' (or 'dd/mm/yyyy': start of the day), read as Vietnam time, as the ISO instant the
 * shared schema takes; blank stays blank, and anything else becomes a value the schema calls invalid.
 */
export function vnInputToIso(text: string): string {
  const v = text.trim();
  if (!v) return '';
  const at = parseDateTimeVN(v) ?? parseDateVN(v);
  return at ? at.toISOString() : 'không hợp lệ';
}

const str = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** A new book: the defaults of spec section 9. */
export function emptyBookForm(): BookFormValues {
  const d = BOOK_FORM_DEFAULTS;
  return {
    title: '',
    slug: '',
    isbn13: '',
    sku: '',
    originalTitle: '',
    publisherId: '',
    supplierId: '',
    authorIds: [],
    categoryIds: [],
    price: String(d.price),
    salePrice: '',
    saleStartAt: '',
    saleEndAt: '',
    stock: String(d.stock),
    status: d.status,
    language: d.language,
    coverType: d.coverType,
    ageRating: d.ageRating,
    publicationYear: '',
    pageCount: String(d.pageCount),
    weightGram: String(d.weightGram),
    widthCm: String(d.widthCm),
    heightCm: String(d.heightCm),
    thicknessCm: String(d.thicknessCm),
    description: '',
  };
}

/** An ISO instant as the value of the masked date-time field: 'dd/mm/yyyy HH:mm' in Vietnam time. */
export function toDateTimeLocal(iso: string | null): string {
  return iso ? formatDateTimeVN(iso) : '';
}

/** The form of a stored book (edit). */
export function bookToForm(b: BookDto): BookFormValues {
  return {
    title: b.title,
    slug: b.slug,
    isbn13: b.isbn13,
    sku: b.sku ?? '',
    originalTitle: b.originalTitle ?? '',
    publisherId: str(b.publisher?.id),
    supplierId: str(b.supplier?.id),
    authorIds: b.authors.map((a) => a.id),
    categoryIds: b.categories.map((c) => c.id),
    price: str(b.price),
    salePrice: str(b.salePrice),
    saleStartAt: toDateTimeLocal(b.saleStartAt),
    saleEndAt: toDateTimeLocal(b.saleEndAt),
    stock: str(b.stock),
    status: b.status,
    language: adminLanguageValue(b.language),
    coverType: b.coverType,
    ageRating: b.ageRating,
    publicationYear: str(b.publicationYear),
    pageCount: str(b.pageCount),
    weightGram: str(b.weightGram),
    widthCm: str(b.widthCm),
    heightCm: str(b.heightCm),
    thicknessCm: str(b.thicknessCm),
    description: b.description ?? '',
  };
}

/** Fields the spec calls required on create (section 5, Book create). */
const REQUIRED: readonly (keyof BookFormValues)[] = [
  'title',
  'isbn13',
  'publisherId',
  'supplierId',
  'authorIds',
  'categoryIds',
  'pageCount',
  'price',
  'language',
  'coverType',
  'ageRating',
];
const ISBN_TEXTS: readonly string[] = Object.values(ISBN_MESSAGES);

/**
 * The one line shown above the form when it does not pass: a required field missing or wrong gives
 * 'Điền đủ trường bắt buộc.'; an ISBN-13 problem alone gives its own message (spec section 5).
 */
export function formSummary(errors: FieldErrors<BookFormValues>): string {
  const keys = Object.keys(errors) as (keyof BookFormValues)[];
  const isbn = errors.isbn13?.message;
  const otherRequired = keys.some((k) => k !== 'isbn13' && REQUIRED.includes(k));
  if (!otherRequired && isbn && ISBN_TEXTS.includes(isbn)) return isbn;
  if (otherRequired || isbn) return ADMIN_MESSAGES.requiredFields;
  return 'Vui lòng kiểm tra lại các trường được đánh dấu.';
}
