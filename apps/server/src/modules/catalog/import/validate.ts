import { sql } from 'drizzle-orm';
import {
  BOOK_PRICE_MAX,
  BOOK_STATUS_LABELS,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  bookSaleProblems,
  isbn13Problem,
  normalizeIsbn,
  parseDateTimeVN,
  parseDateVN,
  type BookStatus,
  type ImportColumnKey,
  type ImportErrorDto,
  type ImportFileRow,
} from '@nhasach/shared';
import { queryRows, type Db, type Tx } from '../../../db/client.ts';
import { textArray } from '../../../lib/db-values.ts';
import { headerOf } from './parse.ts';

/**
 * The dry run: every row checked against the rules of the book form and against the database as it is now (ISBN
 * known or not, names of authors, publishers, suppliers and categories). The same check runs again inside the
 * import's transaction, so what is applied is what is valid then.
 */

export type MasterKind = 'authors' | 'publishers' | 'suppliers' | 'categories';
const KIND_LABELS: Record<MasterKind, string> = { authors: 'tác giả', publishers: 'nhà xuất bản', suppliers: 'nhà cung cấp', categories: 'danh mục' };

export interface Plan {
  row: number;
  action: 'CREATE' | 'UPDATE';
  bookId: number | null;
  isbn13: string;
  title?: string;
  price?: number;
  /** null: the sale price is removed (0 in the file). */
  salePrice?: number | null;
  saleStartAt?: Date;
  saleEndAt?: Date;
  status?: BookStatus;
  pageCount?: number;
  publicationYear?: number;
  stock?: number;
  description?: string;
  authors?: string[];
  categories?: string[];
  publisher?: string;
  supplier?: string;
}

export interface Validation {
  plans: Plan[];
  errors: ImportErrorDto[];
  errorRows: number;
  /** Names (lower case) per kind that are not in the database yet: created by the import when allowed. */
  missing: Record<MasterKind, Map<string, string>>;
  /** Names (lower case) to ids, of what exists. */
  known: Record<MasterKind, Map<string, number>>;
}

const nameKey = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
const list = (s: string | undefined) => (s ? [...new Set(s.split(/[,;]/).map((x) => x.trim().replace(/\s+/g, ' ')).filter(Boolean))] : undefined);

const STATUS_BY_TEXT = new Map<string, BookStatus>([
  ...(['ACTIVE', 'INACTIVE', 'DRAFT'] as const).map((s) => [s.toLowerCase(), s] as const),
  ...(['ACTIVE', 'INACTIVE', 'DRAFT'] as const).map((s) => [nameKey(BOOK_STATUS_LABELS[s]), s] as const),
]);

export async function validateRows(conn: Db | Tx, rows: readonly ImportFileRow[], createMissing: boolean, readErrors: readonly ImportErrorDto[] = []): Promise<Validation> {
  const errors: ImportErrorDto[] = [...readErrors];
  const bad = new Set<number>(readErrors.map((e) => e.row));
  // One problem per cell: a cell already reported (a formula read from the file) is not reported again as missing.
  const reported = new Set(readErrors.map((e) => `${e.row}:${e.column}`));
  const fail = (row: number, key: ImportColumnKey | null, message: string) => {
    const column = key ? headerOf(key) : null;
    bad.add(row);
    if (reported.has(`${row}:${column}`)) return;
    reported.add(`${row}:${column}`);
    if (errors.length < IMPORT_LIMITS.storedErrors) errors.push({ row, column, message });
  };

  // What the file names, looked up in one query per kind.
  const isbns = rows.map((r) => normalizeIsbn(r.cells.isbn13 ?? ''));
  const existing = new Map<string, { id: number; price: number; sale_price: number | null; sale_start_at: Date | string | null; sale_end_at: Date | string | null }>();
  const validIsbns = [...new Set(isbns.filter((i) => !isbn13Problem(i)))];
  for (let i = 0; i < validIsbns.length; i += 5000) {
    const rowsFound = await queryRows<{ id: number; isbn13: string; price: number; sale_price: number | null; sale_start_at: Date | string | null; sale_end_at: Date | string | null }>(
      conn,
      sql`select id, isbn13, price, sale_price, sale_start_at, sale_end_at from books where isbn13 = any(${textArray(validIsbns.slice(i, i + 5000))})`,
    );
    for (const b of rowsFound) existing.set(b.isbn13, b);
  }
  const names: Record<MasterKind, Map<string, string>> = { authors: new Map(), publishers: new Map(), suppliers: new Map(), categories: new Map() };
  for (const r of rows) {
    for (const a of list(r.cells.authors) ?? []) names.authors.set(nameKey(a), a);
    for (const c of list(r.cells.categories) ?? []) names.categories.set(nameKey(c), c);
    if (r.cells.publisher) names.publishers.set(nameKey(r.cells.publisher), r.cells.publisher.trim());
    if (r.cells.supplier) names.suppliers.set(nameKey(r.cells.supplier), r.cells.supplier.trim());
  }
  const known: Record<MasterKind, Map<string, number>> = { authors: new Map(), publishers: new Map(), suppliers: new Map(), categories: new Map() };
  const missing: Record<MasterKind, Map<string, string>> = { authors: new Map(), publishers: new Map(), suppliers: new Map(), categories: new Map() };
  for (const kind of Object.keys(names) as MasterKind[]) {
    const keys = [...names[kind].keys()];
    if (!keys.length) continue;
    // Lower-cased and space-collapsed in SQL as in nameKey; the lowest id wins when two share a name.
    const found = await queryRows<{ id: number; k: string }>(
      conn,
      sql`select min(id)::int as id, lower(regexp_replace(trim(name), '\\s+', ' ', 'g')) as k from ${sql.identifier(kind)}
          where lower(regexp_replace(trim(name), '\\s+', ' ', 'g')) = any(${textArray(keys)}) group by 2`,
    );
    for (const f of found) known[kind].set(f.k, f.id);
    for (const [k, display] of names[kind]) if (!known[kind].has(k)) missing[kind].set(k, display);
  }

  const firstRowOf = new Map<string, number>();
  const plans: Plan[] = [];
  for (const [i, r] of rows.entries()) {
    const c = r.cells;
    const row = r.row;
    const isbn = isbns[i]!;
    const problem = isbn13Problem(isbn);
    if (problem) {
      fail(row, 'isbn13', problem);
      continue;
    }
    const first = firstRowOf.get(isbn);
    if (first !== undefined) {
      fail(row, 'isbn13', IMPORT_MESSAGES.duplicate(first));
      continue;
    }
    firstRowOf.set(isbn, row);
    const current = existing.get(isbn);
    const plan: Plan = { row, action: current ? 'UPDATE' : 'CREATE', bookId: current?.id ?? null, isbn13: isbn };
    const number = (key: ImportColumnKey, label: string, min: number, max: number): number | undefined => {
      const text = c[key];
      if (text === undefined) return undefined;
      const cleaned = text.replace(/[\s.,₫đ]/gi, '');
      if (!/^-?\d+$/.test(cleaned)) {
        fail(row, key, IMPORT_MESSAGES.integer(label));
        return undefined;
      }
      const n = Number(cleaned);
      if (n < min || n > max) {
        fail(row, key, IMPORT_MESSAGES.range(label, min, max));
        return undefined;
      }
      return n;
    };
    const date = (key: ImportColumnKey, label: string): Date | undefined => {
      const text = c[key];
      if (text === undefined) return undefined;
      const d = parseDateTimeVN(text) ?? parseDateVN(text);
      if (!d) fail(row, key, IMPORT_MESSAGES.date(label));
      return d ?? undefined;
    };
    if (c.title !== undefined) {
      if (c.title.length > 500) fail(row, 'title', IMPORT_MESSAGES.tooLong('Tên sách', 500));
      else plan.title = c.title;
    } else if (!current) fail(row, 'title', IMPORT_MESSAGES.required('Tên sách'));
    plan.price = number('price', 'Giá bán', 1, BOOK_PRICE_MAX);
    if (plan.price === undefined && c.price === undefined && !current) fail(row, 'price', IMPORT_MESSAGES.required('Giá bán'));
    const sale = number('salePrice', 'Giá khuyến mãi', 0, BOOK_PRICE_MAX);
    if (sale !== undefined) plan.salePrice = sale === 0 ? null : sale;
    plan.saleStartAt = date('saleStartAt', 'Khuyến mãi từ');
    plan.saleEndAt = date('saleEndAt', 'Khuyến mãi đến');
    if (c.status !== undefined) {
      const s = STATUS_BY_TEXT.get(nameKey(c.status));
      if (!s) fail(row, 'status', IMPORT_MESSAGES.status);
      else plan.status = s;
    }
    plan.pageCount = number('pageCount', 'Số trang', 0, 100_000);
    plan.publicationYear = number('publicationYear', 'Năm xuất bản', 1000, 2100);
    const stock = number('stock', 'Tồn kho ban đầu', 0, 10_000_000);
    if (stock !== undefined) {
      if (current) {
        if (stock !== 0) fail(row, 'stock', IMPORT_MESSAGES.stockOfExisting);
      } else plan.stock = stock;
    }
    if (c.description !== undefined) {
      if (c.description.length > 20_000) fail(row, 'description', IMPORT_MESSAGES.tooLong('Mô tả', 20_000));
      else plan.description = c.description;
    }
    plan.authors = list(c.authors);
    plan.categories = list(c.categories);
    plan.publisher = c.publisher?.trim();
    plan.supplier = c.supplier?.trim();
    if (!createMissing) {
      const check = (kind: MasterKind, key: ImportColumnKey, values: string[] | undefined) => {
        for (const v of values ?? []) if (missing[kind].has(nameKey(v))) fail(row, key, IMPORT_MESSAGES.missingName(KIND_LABELS[kind], v));
      };
      check('authors', 'authors', plan.authors);
      check('categories', 'categories', plan.categories);
      check('publishers', 'publisher', plan.publisher ? [plan.publisher] : undefined);
      check('suppliers', 'supplier', plan.supplier ? [plan.supplier] : undefined);
    }
    // The price rules of the book form, on the values the book will have.
    const merged = {
      price: plan.price ?? current?.price ?? 1,
      salePrice: plan.salePrice !== undefined ? plan.salePrice : (current?.sale_price ?? null),
      saleStartAt: plan.saleStartAt ?? current?.sale_start_at ?? null,
      saleEndAt: plan.saleEndAt ?? current?.sale_end_at ?? null,
    };
    if (!bad.has(row)) {
      for (const p of bookSaleProblems(merged)) fail(row, p.field === 'salePrice' ? 'salePrice' : 'saleEndAt', p.message);
    }
    if (!bad.has(row)) plans.push(plan);
  }
  return { plans, errors: errors.sort((a, b) => a.row - b.row), errorRows: bad.size, missing, known };
}

export { nameKey };
