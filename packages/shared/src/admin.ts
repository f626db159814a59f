import { z } from 'zod';
import {
  AGE_RATINGS,
  BOOK_STATUSES,
  COVER_TYPES,
  LANGUAGES,
  normalizeLanguage,
  type AgeRating,
  type BookStatus,
  type CategoryFlatDto,
  type CoverType,
  type Language,
  type NamedRef,
} from './catalog-types.ts';
import { MAX_PAGE_SIZE, SLUG_MAX } from './constants.ts';
import { INT32_MAX, jsonId, pageParam as pageQueryParam, queryId, queryScalar, requireChange, sizeParam as sizeQueryParam, text } from './input.ts';
import { ISBN_MESSAGES, isbn13Problem, normalizeIsbn } from './isbn.ts';
import { VAT_TREATMENTS, type VatTreatment } from './invoices.ts';
import { parseRole, ROLES, type Role } from './roles.ts';
import type { UserDto } from './users.ts';
import type { OrderStatus } from './orders.ts';
import { emailSchema, passwordSchema, phoneSchema, USERNAME_PATTERN } from './validation.ts';

/**
 * Back-office (spec sections 2 Admin, 3 Book, 5 Book create/edit and Category, 7 Users and Admin catalogue,
 * 8 Book save and Admin, 9). The admin web forms and the server parse with the same schemas below.
 */

// ---------------------------------------------------------------------------------------------------------
// Constants and messages

/** Admin books and users lists (spec section 9); also the default of the other admin lists. */
export const ADMIN_PAGE_SIZE = 10;

export const ADMIN_MESSAGES = {
  /** Spec section 8, Book save: the server answers 409 DUPLICATE_SLUG_OR_ISBN with this message. */
  duplicateSlugOrIsbn: 'Slug hoặc ISBN-13 đã tồn tại. Hãy đổi slug/ISBN-13 rồi thử lại.',
  duplicateSku: 'SKU đã tồn tại. Hãy đổi SKU rồi thử lại.',
  /** Summary of a book form with missing required fields (spec section 5). */
  requiredFields: 'Điền đủ trường bắt buộc.',
  createBookFailed: 'Tạo sách thất bại',
  updateBookFailed: 'Cập nhật sách thất bại',
  loadBookFailed: 'Không tải được thông tin sách.',
  uploadFailed: 'Upload ảnh thất bại. Vui lòng thử lại.',
  loadUsersFailed: 'Không tải được danh sách user.',
  loadCategoriesFailed: 'Không tải được danh sách categories',
  createCategoryFailed: 'Tạo category thất bại',
  createFailed: 'Tạo thất bại. Thử lại nhé.',
  categoryNameRequired: 'Vui lòng nhập tên danh mục',
} as const;

/** Spec section 8: a save error whose message says 'duplicate slug or isbn-13' (any case) is shown as ours. */
export function bookSaveErrorMessage(error: { message?: string; code?: string | null } | undefined, mode: 'create' | 'update'): string {
  const message = error?.message ?? '';
  if (error?.code === 'DUPLICATE_SLUG_OR_ISBN' || /duplicate slug or isbn-13/i.test(message)) return ADMIN_MESSAGES.duplicateSlugOrIsbn;
  return message || (mode === 'create' ? ADMIN_MESSAGES.createBookFailed : ADMIN_MESSAGES.updateBookFailed);
}

/** Image uploads: POST /api/uploads/{bookId}/images. */
export const UPLOAD_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 10;
/** The `accept` of the file input; the server checks the content, not the name or the declared type. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp';
export const UPLOAD_MESSAGES = {
  tooLarge: 'Ảnh vượt quá 10 MB. Vui lòng chọn ảnh nhỏ hơn.',
  tooMany: `Mỗi lần tải lên tối đa ${UPLOAD_MAX_FILES} ảnh.`,
  noFile: 'Vui lòng chọn ít nhất một ảnh (trường file).',
  /** {name} is the file name. */
  notImage: 'Tệp "{name}" không phải ảnh JPEG, PNG hoặc WebP.',
  notMultipart: 'Hãy gửi ảnh dạng multipart/form-data, trường file.',
  storageDown: 'Kho lưu trữ ảnh đang tạm thời gián đoạn nên ảnh chưa được lưu. Vui lòng thử lại sau ít phút.',
  /** The multipart body ended early or is not well formed. */
  malformed: 'Dữ liệu tải lên không đầy đủ hoặc sai định dạng. Vui lòng thử lại.',
} as const;

/** Slugs are lower-case ASCII words joined by single hyphens (what slugify with the vi locale makes). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = 'Slug chỉ gồm chữ thường không dấu, số và dấu gạch ngang (ví dụ: dac-nhan-tam).';

/** Defaults of the book form (spec section 9). */
export const BOOK_FORM_DEFAULTS = {
  pageCount: 100,
  weightGram: 200,
  widthCm: 15,
  heightCm: 20,
  thicknessCm: 1.5,
  price: 1,
  stock: 0,
  status: 'ACTIVE',
  language: 'VI',
  coverType: 'PAPERBACK',
  ageRating: 'ALL',
} as const satisfies Record<string, number | string>;

/**
 * Languages of the admin form (spec section 3): JP, KR and CN are stored as JA, KO and ZH (LANGUAGE_ALIASES);
 * the schema accepts the stored codes too, so a book in French keeps FR when it is edited.
 */
export const ADMIN_LANGUAGES = ['VI', 'EN', 'JP', 'KR', 'CN', 'OTHER'] as const;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];
const STORED_TO_ADMIN: Partial<Record<Language, AdminLanguage>> = { JA: 'JP', KO: 'KR', ZH: 'CN' };
/** The form value of a stored language: JA -> JP; codes the form has no option for are returned as stored. */
export const adminLanguageValue = (stored: Language): string => STORED_TO_ADMIN[stored] ?? stored;
export const ADMIN_COVER_TYPES = COVER_TYPES;
/** The admin form's age ratings are the stored values. */
export const ADMIN_AGE_RATINGS = AGE_RATINGS;

// ---------------------------------------------------------------------------------------------------------
// Field helpers: the API takes JSON numbers (never strings); the web form turns its inputs into numbers first
// (formNumbers). null clears an optional field, absent leaves it unchanged.

/** A number or null; absent is undefined. */
function numeric(label: string) {
  return z.number({ error: `${label} phải là số.` }).nullable().optional();
}

type Bound = { min?: number; max?: number; gt?: number; int?: boolean; minMessage?: string };
function bounded(label: string, b: Bound, requiredMessage?: string) {
  let n = z.number({ error: requiredMessage ?? `${label} phải là số.` });
  if (b.int !== false) n = n.int(`${label} phải là số nguyên.`);
  if (b.gt !== undefined) n = n.gt(b.gt, b.minMessage ?? `${label} phải lớn hơn ${b.gt}.`);
  if (b.min !== undefined) n = n.min(b.min, b.minMessage ?? `${label} phải từ ${b.min} trở lên.`);
  if (b.max !== undefined) n = n.max(b.max, `${label} tối đa ${b.max.toLocaleString('vi-VN')}.`);
  return n;
}

/** Fields of the book form that hold numbers: the form turns its strings into numbers (formNumbers) before parsing. */
export const BOOK_NUMBER_FIELDS = [
  'publisherId',
  'supplierId',
  'authorIds',
  'categoryIds',
  'pageCount',
  'price',
  'salePrice',
  'stock',
  'initialStock',
  'weightGram',
  'widthCm',
  'heightCm',
  'thicknessCm',
  'publicationYear',
] as const;
/** Fields of the category form that hold numbers. */
export const CATEGORY_NUMBER_FIELDS = ['parentId', 'sortOrder'] as const;

/** Required number: absent, blank or null is `requiredMessage`. */
const requiredNumber = (label: string, b: Bound, requiredMessage: string) => numeric(label).pipe(bounded(label, b, requiredMessage));
/** Optional number that can be cleared: undefined = not given, null = empty. */
const optionalNumber = (label: string, b: Bound) => numeric(label).pipe(bounded(label, b).nullable().optional());
/** A number of an edit: undefined = unchanged; null (cleared) is refused for a field that must have a value. */
const changedNumber = (label: string, b: Bound, requiredMessage: string) =>
  numeric(label).pipe(bounded(label, b, requiredMessage).optional());

/** An id chosen in a select: a JSON integer 1..2^31-1. */
const idInput = (requiredMessage: string) => z.number({ error: requiredMessage }).nullable().optional().pipe(jsonId(requiredMessage));

/** A JSON integer id; undefined when it is not one. */
const idOf = (v: number): number | undefined => (Number.isSafeInteger(v) && v > 0 && v <= INT32_MAX ? v : undefined);

/**
 * A list of ids: at least `min`, duplicates dropped, order kept (the first category is the breadcrumb one).
 * Problems are reported on the list itself, so the message is the form's, not one per position.
 */
const idList = (requiredMessage: string, max: number, min = 1) =>
  z
    .array(z.number({ error: requiredMessage }), { error: requiredMessage })
    .transform((values, ctx) => {
      const ids = values.map(idOf);
      if (ids.some((id) => id === undefined)) {
        ctx.addIssue({ code: 'custom', message: requiredMessage });
        return z.NEVER;
      }
      return [...new Set(ids as number[])];
    })
    .pipe(z.array(z.number()).min(min, requiredMessage).max(max, `Tối đa ${max} mục.`));

/** Optional text: trimmed; '' and null clear it (null), absent stays undefined. */
const optionalText = (label: string, max: number) =>
  text(label)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null ? null : v.trim() || null))
    .pipe(z.string().max(max, `${label} tối đa ${max} ký tự.`).nullable().optional());

/** A slug given by hand: blank means "make one from the name". Lower-cased and trimmed before the check. */
export const slugInput = text('Slug')
  .nullable()
  .optional()
  .transform((v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : undefined))
  .pipe(z.string().max(SLUG_MAX, `Slug tối đa ${SLUG_MAX} ký tự.`).regex(SLUG_PATTERN, SLUG_MESSAGE).optional());

/** A slug of an edit: absent = unchanged, '' or null = make a new one from the (new) name, else checked. */
export const slugEditInput = text('Slug')
  .nullable()
  .optional()
  .transform((v) => (typeof v === 'string' ? v.trim().toLowerCase() || null : v))
  .pipe(z.string().max(SLUG_MAX, `Slug tối đa ${SLUG_MAX} ký tự.`).regex(SLUG_PATTERN, SLUG_MESSAGE).nullable().optional());

/** A date-time: ISO 8601 (or anything Date.parse reads); '' and null clear it. Normalised to ISO UTC. */
const optionalInstant = (label: string) =>
  text(label, { error: `${label} không hợp lệ.` })
    .nullable()
    .optional()
    .transform((v, ctx): string | null | undefined => {
      if (v === undefined || v === null) return v;
      if (v.trim() === '') return null;
      const t = Date.parse(v);
      if (!Number.isFinite(t)) {
        ctx.addIssue({ code: 'custom', message: `${label} không hợp lệ.` });
        return z.NEVER;
      }
      return new Date(t).toISOString();
    });

/** Every code the form may send: the admin values and the stored codes they do not cover. */
const LANGUAGE_CHOICES = [...new Set<string>([...ADMIN_LANGUAGES, ...LANGUAGES.filter((l) => !adminLanguageValue(l).match(/^(JP|KR|CN)$/))])];
const languageInput = text('Ngôn ngữ', { error: 'Vui lòng chọn ngôn ngữ.' }).transform((v, ctx): Language => {
  const lang = normalizeLanguage(v);
  if (!lang) {
    ctx.addIssue({ code: 'custom', message: `Ngôn ngữ phải là một trong ${LANGUAGE_CHOICES.join(', ')}.` });
    return z.NEVER;
  }
  return lang;
});
const coverTypeInput = z.enum(COVER_TYPES, { error: 'Vui lòng chọn loại bìa (PAPERBACK, HARDCOVER hoặc OTHER).' });
const ageRatingInput = z.enum(AGE_RATINGS, { error: 'Vui lòng chọn độ tuổi (ALL, _6PLUS, _12PLUS, _16PLUS hoặc _18PLUS).' });
const statusInput = z.enum(BOOK_STATUSES, { error: `Trạng thái phải là một trong ${BOOK_STATUSES.join(', ')}.` });

// ---------------------------------------------------------------------------------------------------------
// Book create and edit (spec section 5)

/** Largest price accepted (integer VND); well inside PostgreSQL integer. */
export const BOOK_PRICE_MAX = 1_000_000_000;
const YEAR = { min: 1000, max: 2100 };
const CM = { min: 0, max: 9999, int: false };

export const BOOK_FIELD_MESSAGES = {
  title: 'Vui lòng nhập tên sách.',
  publisherId: 'Vui lòng chọn nhà xuất bản.',
  supplierId: 'Vui lòng chọn nhà cung cấp.',
  authorIds: 'Chọn ít nhất một tác giả.',
  categoryIds: 'Chọn ít nhất một danh mục.',
  pageCount: 'Số trang phải lớn hơn 0.',
  price: 'Giá bán phải lớn hơn 0.',
  salePrice: 'Giá khuyến mãi phải nhỏ hơn giá bán.',
  saleWindow: 'Thời điểm bắt đầu khuyến mãi phải trước thời điểm kết thúc.',
} as const;

/** The price and sale fields as they will be stored (after an edit is merged into the book). */
export interface BookSaleFields {
  price: number;
  salePrice: number | null;
  saleStartAt: string | Date | null;
  saleEndAt: string | Date | null;
}

/** The problems of a book's price and sale window; empty when they are fine. Server and form use it. */
export function bookSaleProblems(v: BookSaleFields): { field: 'salePrice' | 'saleEndAt'; message: string }[] {
  const out: { field: 'salePrice' | 'saleEndAt'; message: string }[] = [];
  if (v.salePrice !== null && v.salePrice >= v.price) out.push({ field: 'salePrice', message: BOOK_FIELD_MESSAGES.salePrice });
  if (v.saleStartAt !== null && v.saleEndAt !== null && new Date(v.saleStartAt).getTime() >= new Date(v.saleEndAt).getTime()) {
    out.push({ field: 'saleEndAt', message: BOOK_FIELD_MESSAGES.saleWindow });
  }
  return out;
}

const titleInput = text('Tên sách', { error: BOOK_FIELD_MESSAGES.title })
  .trim()
  .min(1, BOOK_FIELD_MESSAGES.title)
  .max(500, 'Tên sách tối đa 500 ký tự.');

/** ISBN-13 with the spec's three messages; separators (spaces, hyphens) are dropped. */
const isbnRequired = text('ISBN-13', { error: ISBN_MESSAGES.required })
  .transform((v, ctx) => {
    const problem = isbn13Problem(v);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return normalizeIsbn(v);
  });
/** Edit: blank means unchanged; a value given must be a valid ISBN-13. */
const isbnOptional = text('ISBN-13')
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || normalizeIsbn(v) === '') return undefined;
    const problem = isbn13Problem(v);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return normalizeIsbn(v);
  });

/** Fields shared by create and edit that are optional in both. */
const optionalBookFields = {
  slug: slugInput,
  sku: optionalText('SKU', 64),
  /** The title of the original edition (a translated book); searched like the title. */
  originalTitle: optionalText('Tên gốc', 500),
  /** HTML; the server sanitises it (allowed: p, br, strong, em, b, i, u, ul, ol, li, h2-h4, blockquote, a). */
  description: text('Mô tả', { multiline: true })
    .nullable()
    .optional()
    .transform((v) => (v === null ? '' : v))
    .pipe(z.string().max(100_000, 'Mô tả tối đa 100.000 ký tự.').optional()),
  salePrice: optionalNumber('Giá khuyến mãi', { min: 1, max: BOOK_PRICE_MAX }),
  saleStartAt: optionalInstant('Thời điểm bắt đầu khuyến mãi'),
  saleEndAt: optionalInstant('Thời điểm kết thúc khuyến mãi'),
  weightGram: optionalNumber('Khối lượng (g)', { min: 0, max: 1_000_000 }),
  widthCm: optionalNumber('Chiều rộng (cm)', CM),
  heightCm: optionalNumber('Chiều cao (cm)', CM),
  thicknessCm: optionalNumber('Độ dày (cm)', CM),
  publicationYear: optionalNumber('Năm xuất bản', YEAR),
};

/** Cross-field rules of a form that carries both sides (create, or an edit giving both). */
function refineSale(
  v: { price?: number; salePrice?: number | null; saleStartAt?: string | null; saleEndAt?: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.price === undefined) return;
  for (const p of bookSaleProblems({
    price: v.price,
    salePrice: v.salePrice ?? null,
    saleStartAt: v.saleStartAt ?? null,
    saleEndAt: v.saleEndAt ?? null,
  })) {
    ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  }
}

/** POST /api/v1/admin/books. `initialStock` (spec name) is accepted as an alias of `stock`. */
export const bookCreateSchema = z
  .object({
    title: titleInput,
    isbn13: isbnRequired,
    publisherId: idInput(BOOK_FIELD_MESSAGES.publisherId),
    supplierId: idInput(BOOK_FIELD_MESSAGES.supplierId),
    authorIds: idList(BOOK_FIELD_MESSAGES.authorIds, 20),
    categoryIds: idList(BOOK_FIELD_MESSAGES.categoryIds, 20),
    pageCount: requiredNumber('Số trang', { gt: 0, max: 100_000, minMessage: BOOK_FIELD_MESSAGES.pageCount }, BOOK_FIELD_MESSAGES.pageCount),
    price: requiredNumber('Giá bán', { gt: 0, max: BOOK_PRICE_MAX, minMessage: BOOK_FIELD_MESSAGES.price }, BOOK_FIELD_MESSAGES.price),
    language: languageInput,
    coverType: coverTypeInput,
    ageRating: ageRatingInput,
    status: statusInput.default(BOOK_FORM_DEFAULTS.status),
    stock: optionalNumber('Tồn kho', { min: 0, max: 10_000_000 }),
    initialStock: optionalNumber('Tồn kho', { min: 0, max: 10_000_000 }),
    ...optionalBookFields,
  })
  .superRefine(refineSale)
  .transform(({ initialStock, stock, ...v }) => ({ ...v, stock: stock ?? initialStock ?? 0 }));
export type BookCreateForm = z.input<typeof bookCreateSchema>;
export type BookCreateInput = z.output<typeof bookCreateSchema>;

/**
 * PUT /api/v1/admin/books/{id}: every field optional; `stock` is ignored (the stock room moves stock) (absent = unchanged, null or '' clears an optional one).
 * ISBN optional (13 digits with checksum if given), pageCount >= 0. The server checks the price rules again
 * against the stored values of the fields not given.
 */
export const bookUpdateSchema = z
  .object({
    title: titleInput.optional(),
    isbn13: isbnOptional,
    publisherId: idInput(BOOK_FIELD_MESSAGES.publisherId).optional(),
    supplierId: idInput(BOOK_FIELD_MESSAGES.supplierId).optional(),
    authorIds: idList(BOOK_FIELD_MESSAGES.authorIds, 20).optional(),
    categoryIds: idList(BOOK_FIELD_MESSAGES.categoryIds, 20).optional(),
    pageCount: changedNumber('Số trang', { min: 0, max: 100_000 }, 'Số trang phải từ 0 trở lên.'),
    price: changedNumber('Giá bán', { gt: 0, max: BOOK_PRICE_MAX, minMessage: BOOK_FIELD_MESSAGES.price }, BOOK_FIELD_MESSAGES.price),
    language: languageInput.optional(),
    coverType: coverTypeInput.optional(),
    ageRating: ageRatingInput.optional(),
    status: statusInput.optional(),
    stock: changedNumber('Tồn kho', { min: 0, max: 10_000_000 }, 'Tồn kho phải từ 0 trở lên.'),
    initialStock: changedNumber('Tồn kho', { min: 0, max: 10_000_000 }, 'Tồn kho phải từ 0 trở lên.'),
    ...optionalBookFields,
    slug: slugEditInput,
  })
  .superRefine(refineSale)
  .superRefine(requireChange)
  // Stock is never edited here (docs/decisions.md, Stock room): it moves only through the stock ledger (receipts,
  // counts, orders). A stock sent with the edit (a form sending the whole book) is read, checked and ignored.
  .transform(({ initialStock: _initialStock, stock: _stock, ...v }) => v);
export type BookUpdateForm = z.input<typeof bookUpdateSchema>;
export type BookUpdateInput = z.output<typeof bookUpdateSchema>;

/** PUT /api/v1/admin/books/{id}/images/order: every image of the book, in the new order. */
export const imageOrderSchema = z.object({
  imageIds: idList('Vui lòng gửi danh sách imageIds (mã các ảnh của sách).', 200),
});

/** DELETE /api/v1/admin/books/{id}: a book already ordered is not erased but set INACTIVE. */
export interface BookDeleteResult {
  id: number;
  /** true: the book and its images are gone; false: it was kept and set INACTIVE (softDeleted). */
  deleted: boolean;
  softDeleted: boolean;
  status: BookStatus | null;
}

/** A row of the admin books table. */
export interface AdminBookRowDto {
  id: number;
  slug: string;
  title: string;
  sku: string | null;
  isbn13: string;
  thumbnail: string | null;
  price: number;
  salePrice: number | null;
  effectivePrice: number;
  stock: number;
  sold: number;
  status: BookStatus;
  language: Language;
  coverType: CoverType;
  ageRating: AgeRating;
  authors: NamedRef[];
  publisher: NamedRef | null;
  categories: NamedRef[];
  imageCount: number;
  createdAt: string;
  updatedAt: string;
}

// ---------------------------------------------------------------------------------------------------------
// List queries (page is zero-based, like every list of the API)

const scalar = queryScalar;
const pageParam = pageQueryParam();
const sizeParam = sizeQueryParam(ADMIN_PAGE_SIZE, MAX_PAGE_SIZE);
const qParam = z.preprocess(scalar, text('Từ khoá').trim().max(128, 'Từ khoá tối đa 128 ký tự.').optional());
const idParam = queryId;

/** GET /api/v1/admin/books: every status, q on title, ISBN and SKU, newest first. */
export const adminBookListQuerySchema = z.object({
  q: qParam,
  status: z.preprocess(scalar, statusInput.optional()),
  page: pageParam,
  size: sizeParam,
});
export type AdminBookListQuery = z.output<typeof adminBookListQuerySchema>;

export const USER_SORT_FIELDS = ['id', 'createdAt', 'username', 'email'] as const;
/** GET /api/v1/users: q on username, e-mail and name; sort 'field,dir' (default id,desc). */
export const adminUserListQuerySchema = z.object({
  q: qParam,
  role: z.preprocess((v) => (typeof scalar(v) === 'string' ? (parseRole(String(scalar(v))) ?? scalar(v)) : scalar(v)), z.enum(ROLES, { error: 'role phải là ADMIN, SALE hoặc USER.' }).optional()),
  sort: z.preprocess(
    scalar,
    text('sort')
      .default('id,desc')
      .transform((v, ctx) => {
        const [field = '', dir = 'asc'] = v.split(',').map((s) => s.trim());
        const f = USER_SORT_FIELDS.find((x) => x.toLowerCase() === field.toLowerCase());
        const d = dir.toLowerCase();
        if (!f || (d !== 'asc' && d !== 'desc')) {
          ctx.addIssue({ code: 'custom', message: `sort phải có dạng trường,asc|desc với trường là ${USER_SORT_FIELDS.join(', ')}.` });
          return z.NEVER;
        }
        return { field: f, direction: d as 'asc' | 'desc' };
      }),
  ),
  page: pageParam,
  size: sizeParam,
});
export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;

/** GET /api/v1/admin/authors|publishers|suppliers. sort: newest (default) or name. */
export const masterListQuerySchema = z.object({
  q: qParam,
  sort: z.preprocess(scalar, z.enum(['newest', 'name'], { error: 'sort phải là newest hoặc name.' }).default('newest')),
  page: pageParam,
  size: sizeParam,
});
export type MasterListQuery = z.output<typeof masterListQuerySchema>;

/** GET /api/v1/admin/audit. */
export const auditQuerySchema = z.object({
  entityType: z.preprocess(scalar, text('entityType').trim().toUpperCase().max(32).optional()),
  entityId: z.preprocess(scalar, text('entityId').trim().max(64).optional()),
  action: z.preprocess(scalar, text('action').trim().toUpperCase().max(48).optional()),
  actorId: idParam('actorId'),
  page: pageParam,
  size: sizeParam,
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Users

export const STAFF_ROLES = ['ADMIN', 'SALE'] as const satisfies readonly Role[];
const roleInput = z.preprocess(
  (v) => (typeof v === 'string' ? (parseRole(v.trim()) ?? v) : v),
  z.enum(ROLES, { error: 'Vai trò phải là ADMIN, SALE hoặc USER.' }),
);

/** POST /api/v1/admin/users: an account made by an admin (staff usually), usable at once. */
export const adminCreateUserSchema = z.object({
  username: text('Tên đăng nhập', { error: 'Tên đăng nhập là bắt buộc.' })
    .trim()
    .regex(USERNAME_PATTERN, 'Tên đăng nhập gồm 3-32 ký tự chữ, số, dấu chấm, gạch dưới hoặc gạch ngang.'),
  email: emailSchema,
  password: passwordSchema,
  fullName: optionalText('Họ tên', 100),
  phone: z
    .union([phoneSchema, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  role: roleInput,
});
export type AdminCreateUserForm = z.input<typeof adminCreateUserSchema>;

export const userRoleSchema = z.object({ role: roleInput });
export const userEnableSchema = z.object({ enabled: z.boolean({ error: 'enabled phải là true hoặc false.' }) });

/** A row of the admin users table (spec section 3, Admin user row). */
export interface AdminUserDto extends UserDto {
  /** Set by the soft delete (the account is disabled too); cleared when it is enabled again. */
  deletedAt: string | null;
}

// ---------------------------------------------------------------------------------------------------------
// Categories and master data

/** POST /api/v1/admin/categories {name, parentId}. */
export const categoryCreateSchema = z.object({
  name: text('Tên danh mục', { error: ADMIN_MESSAGES.categoryNameRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.categoryNameRequired)
    .max(120, 'Tên danh mục tối đa 120 ký tự.'),
  parentId: numeric('Danh mục cha').pipe(jsonId('Danh mục cha không hợp lệ.').nullable().optional()),
  slug: slugInput,
  sortOrder: optionalNumber('Thứ tự', { min: 0, max: 100_000 }),
  /** How VAT applies to its books on an invoice (default 5 %). */
  vatTreatment: z.enum(VAT_TREATMENTS, { error: 'Thuế GTGT không hợp lệ.' }).optional(),
});
export type CategoryCreateForm = z.input<typeof categoryCreateSchema>;

/** PUT /api/v1/admin/categories/{id}: rename, move (parentId null = top level), new slug, order. */
export const categoryUpdateSchema = z
  .object({
    name: categoryCreateSchema.shape.name.optional(),
    parentId: categoryCreateSchema.shape.parentId,
    slug: slugEditInput,
    sortOrder: optionalNumber('Thứ tự', { min: 0, max: 100_000 }),
    vatTreatment: categoryCreateSchema.shape.vatTreatment,
  })
  .superRefine(requireChange);

/** A row of the admin categories table: the flat list in tree order with how much uses it. */
export interface AdminCategoryDto extends CategoryFlatDto {
  /** Books linked to this category itself (not its descendants). */
  bookCount: number;
  childCount: number;
  vatTreatment: VatTreatment;
}

export const MASTER_KINDS = ['authors', 'publishers', 'suppliers'] as const;
export type MasterKind = (typeof MASTER_KINDS)[number];
export const MASTER_LABELS: Record<MasterKind, string> = { authors: 'tác giả', publishers: 'nhà xuất bản', suppliers: 'nhà cung cấp' };

/** POST /api/v1/admin/{authors|publishers|suppliers} {name, slug}: slug made from the name when blank. */
export const masterCreateSchema = z.object({
  name: text('Tên', { error: 'Vui lòng nhập tên.' }).trim().min(1, 'Vui lòng nhập tên.').max(200, 'Tên tối đa 200 ký tự.'),
  slug: slugInput,
});
export const masterUpdateSchema = z.object({ name: masterCreateSchema.shape.name.optional(), slug: slugEditInput }).superRefine(requireChange);
export type MasterForm = z.input<typeof masterCreateSchema>;

export interface MasterDto extends NamedRef {
  bookCount: number;
  createdAt: string;
}

// ---------------------------------------------------------------------------------------------------------
// Audit and dashboard

export interface AuditEntryDto {
  id: number;
  actorId: number | null;
  actorUsername: string | null;
  actorRole: string;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
  details: Record<string, unknown> | null;
  createdAt: string;
}

export interface DashboardPeriodDto {
  /** Sum of grandTotal of the revenue orders (see REVENUE_RULE) created in the period. */
  revenue: number;
  /** Revenue orders of the period. */
  orders: number;
  /** Every order placed in the period, whatever its status. */
  placed: number;
}

export interface DashboardDto {
  generatedAt: string;
  /** Days are counted in Vietnam time (UTC+7). */
  timezone: string;
  today: DashboardPeriodDto;
  last7Days: DashboardPeriodDto;
  last30Days: DashboardPeriodDto;
  /** The last 30 days, oldest first, every day present (0 when nothing sold). */
  revenueByDay: { date: string; revenue: number; orders: number }[];
  ordersByStatus: Record<string, number>;
  /**
   * quantity: copies sold in the last 30 days; sold: every copy sold, the storefront's 'Đã bán' (books.sold). Both
   * follow SOLD_RULE, so they agree for a book whose sales all fall in the window.
   */
  topBooks: { bookId: number; title: string; slug: string | null; thumbnail: string | null; quantity: number; revenue: number; sold: number }[];
  lowStock: { id: number; title: string; slug: string; stock: number; thumbnail: string | null }[];
  newestCustomers: { id: number; username: string; email: string; fullName: string | null; createdAt: string }[];
  /** The latest orders placed, newest first (DASHBOARD_RECENT_ORDERS). */
  recentOrders: { id: number; code: string; status: OrderStatus; grandTotal: number; createdAt: string }[];
  totals: { books: number; activeBooks: number; customers: number; orders: number };
}

/** Books at or below this stock (and ACTIVE) are listed as low on stock, unless the book has its own threshold (stock room). */
export const LOW_STOCK_THRESHOLD = 5;
export const DASHBOARD_TOP_BOOKS = 10;
export const DASHBOARD_NEWEST_CUSTOMERS = 10;
export const DASHBOARD_RECENT_ORDERS = 6;
/**
 * What 'Đã bán' counts, on the storefront and in the back-office alike (docs/decisions.md, Sold counts): the copies
 * of every placed order whose stock has not gone back to the shelf. Placing an order adds its copies (the stock is
 * taken), cancelling it takes them off again (the stock comes back); a cancellation request still counts until
 * staff cancel. books.sold keeps this running total; the dashboard sums the same orders over its window.
 */
export const SOLD_RULE =
  'Đã bán = số cuốn trong các đơn đã đặt, trừ đơn đã huỷ (hàng đã trả về kho); đơn đang chờ huỷ vẫn được tính cho đến khi huỷ.';
export const SOLD_EXCLUDED_ORDER_STATUSES = ['CANCELED'] as const;

/** How revenue is counted (docs/decisions.md, Back-office). */
export const REVENUE_RULE =
  'Doanh thu = tổng grandTotal của đơn đã thanh toán (PAID) hoặc đơn COD đã giao (DELIVERED, COMPLETED), trừ đơn đã huỷ hoặc đã hoàn tiền; tính theo ngày đặt đơn.';

