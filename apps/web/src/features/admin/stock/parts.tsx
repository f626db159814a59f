import { useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { Link, NavLink } from 'react-router';
import { STOCK_REASON_LABELS, formatNumberVN, isbn13Problem, normalizeIsbn, type PageResult, type StockMovementDto } from '@nhasach/shared';
import { errorText } from '../../../components/ui/errorText.ts';
import { DataTable, type DataTableProps } from '../components/DataTable.tsx';
import { buttonClass as kitButtonClass } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { PageHeader, smallInputClass } from '../ui.tsx';

/** Pieces shared by the stock room's pages (kept in this folder: the rest of the back-office is refactored apart). */

// The kit's looks at the back office's size (a row of 40 px inputs and small buttons).
export const inputClass = smallInputClass;
export const buttonClass = kitButtonClass('primary', 'sm');
export const secondaryButtonClass = kitButtonClass('outline', 'sm');
export const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-gray-500';
export const td = 'px-3 py-2 text-sm text-gray-800';

const TABS = [
  { to: '/admin/stock', label: 'Cần nhập thêm', end: true },
  { to: '/admin/stock/receipts', label: 'Phiếu nhập' },
  { to: '/admin/stock/counts', label: 'Kiểm kê' },
  { to: '/admin/stock/movements', label: 'Lịch sử kho' },
  { to: '/admin/stock/import', label: 'Nhập sách từ tệp' },
  { to: '/admin/stock/exports', label: 'Xuất file' },
  { to: '/admin/stock/reports', label: 'Báo cáo' },
];

/** The stock room's header: its title and the tabs between its pages. */
export function StockHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-5 space-y-4">
      <nav aria-label="Kho hàng" className="flex flex-wrap gap-1 border-b border-gray-200">
        {TABS.map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            end={t.end}
            className={({ isActive }) =>
              `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-gray-600 hover:text-gray-900'}`
            }
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      <PageHeader title={title} description={description} actions={actions} className="" />
    </div>
  );
}

/** A titled box of a stock page: the kit's card, spaced from the next. */
export function Panel({ title, actions, children }: { title?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card title={title} actions={actions} className="mb-5" bodyClassName="p-5">
      {children}
    </Card>
  );
}

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="mb-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {errorText(error)}
    </p>
  );
}

export const units = (n: number) => formatNumberVN(n);
export const signed = (n: number) => `${n > 0 ? '+' : ''}${formatNumberVN(n)}`;

/**
 * An ISBN field for a barcode scanner: a scanner types the digits then Enter, so Enter submits and the field is
 * emptied and focused again for the next book. Typing by hand works the same way; the checksum is checked first.
 */
export function ScanInput({ label, onScan, disabled, busy }: { label: string; onScan: (isbn13: string) => Promise<unknown>; disabled?: boolean; busy?: boolean }) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ref = useRef<HTMLInputElement>(null);
  const submit = async () => {
    const isbn = normalizeIsbn(value.trim());
    const p = isbn13Problem(isbn);
    if (p) {
      setProblem(p);
      return;
    }
    setProblem(null);
    try {
      await onScan(isbn);
      setValue('');
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      ref.current?.focus();
    }
  };
  return (
    <form
      className="flex flex-wrap items-start gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label className="flex min-w-[16rem] flex-1 flex-col gap-1 text-sm font-medium text-gray-700">
        {label}
        <input
          ref={ref}
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
          placeholder="Quét mã vạch hoặc gõ ISBN rồi nhấn Enter"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'scan-problem' : undefined}
          disabled={disabled}
          className={`${inputClass} font-mono`}
        />
        {problem && (
          <span id="scan-problem" role="alert" className="text-sm font-normal text-red-700">
            {problem}
          </span>
        )}
      </label>
      <button type="submit" className={`${buttonClass} mt-6`} disabled={disabled || busy}>
        Thêm
      </button>
    </form>
  );
}

export function reasonLabel(m: Pick<StockMovementDto, 'reason'>) {
  return STOCK_REASON_LABELS[m.reason] ?? m.reason;
}

/** The page numbers of a list: previous / next. */
export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (p: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <div className="mt-3 flex items-center justify-end gap-2 text-sm">
      <button type="button" className={secondaryButtonClass} disabled={page <= 0} onClick={() => onPage(page - 1)}>
        Trang trước
      </button>
      <span className="text-gray-600">
        Trang {page + 1}/{totalPages}
      </span>
      <button type="button" className={secondaryButtonClass} disabled={page >= totalPages - 1} onClick={() => onPage(page + 1)}>
        Trang sau
      </button>
    </div>
  );
}

/** A stock list's page (from 0) and its query. */
export interface Paged<T> {
  page: number;
  onPage: (page: number) => void;
  list: { data?: PageResult<T>; error: unknown };
}

/** A stock list paged from the first page, the previous page shown while the next one loads. */
export function usePaged<T>(key: (page: number) => QueryKey, fetch: (page: number) => Promise<PageResult<T>>) {
  const [page, setPage] = useState(0);
  const list = useQuery({ queryKey: key(page), queryFn: () => fetch(page), placeholderData: keepPreviousData });
  return { page, onPage: setPage, list };
}

/**
 * A page of a stock list: why it did not load, its table (the stock room's look) or the sentence said when it is
 * empty, and its pager.
 */
export function PagedTable<T extends { id: number }>({
  paged: { list, page, onPage },
  empty,
  ...table
}: Omit<DataTableProps<T>, 'rows' | 'look' | 'rowKey'> & { paged: Paged<T>; empty: string }) {
  const data = list.data;
  return (
    <>
      <ErrorNote error={list.error} />
      {data && (data.content.length === 0 ? <p className="text-sm text-gray-600">{empty}</p> : <DataTable look="compact" rows={data.content} rowKey={(row) => row.id} {...table} />)}
      {data && <Pager page={page} totalPages={data.totalPages} onPage={onPage} />}
    </>
  );
}

/** A document's code linking to its page (a receipt's, a count's). */
export const codeColumn = <T extends { id: number; code: string }>(path: string) => ({
  header: 'Mã phiếu',
  cell: (row: T) => (
    <Link to={`${path}/${row.id}`} className="font-mono font-semibold text-brand-700 hover:underline">
      {row.code}
    </Link>
  ),
});

/** A stock form on one line: its fields, then its button; submitting runs `onSubmit` (the page stays). */
export function InlineForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** A figure of a stock page: a small title over a large number (amber when it asks for attention). */
export function Figure({ label, value, tone, small = false }: { label: string; value: string; tone?: 'ok' | 'warn'; small?: boolean }) {
  return (
    <div className="rounded-2xl border border-gray-200/80 bg-white p-4 shadow-sm">
      <div className="text-xs font-semibold uppercase tracking-wide text-gray-500">{label}</div>
      <div className={`mt-1 ${small ? 'text-xl' : 'text-2xl'} font-bold ${tone === 'warn' ? 'text-amber-700' : 'text-gray-900'}`}>{value}</div>
    </div>
  );
}

/** A book in a stock table: its title, linking to its stock page, over its ISBN. */
/**
 * A number of a draft's line, right-aligned: while `editing`, an input that saves on leaving it when the number
 * changed (a blank counts as `blank`); otherwise `shown`.
 */
export function NumberCell<B extends number | null>({
  label,
  value,
  blank,
  editing,
  shown,
  onSave,
  min,
  step,
  widthClass = 'w-24',
  placeholder,
}: {
  label: string;
  value: number | B;
  blank: B;
  editing: boolean;
  shown: ReactNode;
  onSave: (value: number | B) => void;
  min: number;
  step?: number;
  widthClass?: string;
  placeholder?: string;
}) {
  return (
    <td className={`${td} text-right`}>
      {editing ? (
        <input
          aria-label={label}
          type="number"
          min={min}
          step={step}
          inputMode="numeric"
          placeholder={placeholder}
          className={`${inputClass} ${widthClass} text-right`}
          defaultValue={value ?? ''}
          onBlur={(e) => {
            const v = e.target.value.trim() === '' ? blank : Number(e.target.value);
            if (v !== value) onSave(v);
          }}
        />
      ) : (
        shown
      )}
    </td>
  );
}

export function BookCell({ book }: { book: { bookId: number; title: string; isbn13: string } }) {
  return (
    <>
      <Link to={`/admin/stock/books/${book.bookId}`} className="font-medium text-gray-900 hover:text-brand-700">
        {book.title}
      </Link>
      <div className="font-mono text-xs text-gray-500">{book.isbn13}</div>
    </>
  );
}

/** 'Từ ngày' and 'Đến ngày' of a report or an export (yyyy-mm-dd). */
export function DateRange({ from, to, onFrom, onTo }: { from: string; to: string; onFrom: (v: string) => void; onTo: (v: string) => void }) {
  return (
    <>
      <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
        Từ ngày
        <input type="date" className={inputClass} value={from} onChange={(e) => onFrom(e.target.value)} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
        Đến ngày
        <input type="date" className={inputClass} value={to} onChange={(e) => onTo(e.target.value)} />
      </label>
    </>
  );
}
