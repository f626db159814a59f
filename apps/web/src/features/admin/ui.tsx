import { useEffect, useState, type ButtonHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { BOOK_STATUS_LABELS, parseRole, type BookStatus, formatNumberVN } from '@nhasach/shared';
import { SearchIcon, XIcon } from 'lucide-react';
import { inputBaseClass } from '../../components/ui/Field.tsx';
export { Card } from '../../components/ui/Card.tsx';

/** Shared pieces of the back-office screens: headers, badges, search, table helpers (cards and dialogs: components/ui). */

export const selectClass = `${inputBaseClass} h-10 pl-3 pr-8 text-sm`;
export const smallInputClass = `${inputBaseClass} h-10 px-3 text-sm`;

/** A tab along a card's top edge, underlined while `active` (the masters' kinds, the contact messages' filters). */
export const underlineTabClass = (active: boolean) =>
  `-mb-px border-b-2 px-4 py-3 text-sm font-semibold ${active ? 'border-brand-700 text-brand-700' : 'border-transparent text-gray-500 hover:text-gray-900'}`;

export function PageHeader({ title, description, actions, className = 'mb-5' }: { title: string; description?: ReactNode; actions?: ReactNode; className?: string }) {
  return (
    <div className={`flex flex-wrap items-end justify-between gap-3 ${className}`}>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-gray-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}

/** A card's title after its icon. */
export function IconTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-2">
      {icon} {children}
    </span>
  );
}

export type PillTone = 'green' | 'gray' | 'amber' | 'red' | 'blue' | 'violet' | 'brand';
const PILL: Record<PillTone, string> = {
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  gray: 'bg-gray-100 text-gray-600 ring-gray-500/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  blue: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  violet: 'bg-violet-50 text-violet-700 ring-violet-600/20',
  brand: 'bg-brand-50 text-brand-700 ring-brand-600/20',
};

export function Pill({ tone = 'gray', children, dot = false, className = '' }: { tone?: PillTone; children: ReactNode; dot?: boolean; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${PILL[tone]} ${className}`}>
      {dot && <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />}
      {children}
    </span>
  );
}

const STATUS_TONE: Record<BookStatus, PillTone> = { ACTIVE: 'green', INACTIVE: 'gray', DRAFT: 'blue', OUT_OF_STOCK: 'amber' };
export function BookStatusBadge({ status }: { status: BookStatus }) {
  return (
    <Pill tone={STATUS_TONE[status]} dot>
      {BOOK_STATUS_LABELS[status]}
    </Pill>
  );
}

export const ROLE_LABELS = { ADMIN: 'Quản trị viên', SALE: 'Nhân viên bán hàng', USER: 'Khách hàng' } as const;
const ROLE_TONE = { ADMIN: 'violet', SALE: 'blue', USER: 'gray' } as const satisfies Record<keyof typeof ROLE_LABELS, PillTone>;
export function RoleBadge({ role }: { role: string }) {
  const r = parseRole(role) ?? 'USER';
  return <Pill tone={ROLE_TONE[r]}>{ROLE_LABELS[r]}</Pill>;
}

/** A search input with a magnifier and a clear button; `onChange` gets every keystroke. */
export function SearchBox({
  value,
  onChange,
  placeholder,
  label,
  className = '',
}: {
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  label: string;
  className?: string;
}) {
  return (
    <div className={`relative ${className}`}>
      <SearchIcon size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-500" />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
        maxLength={128}
        className={`${inputBaseClass} h-10 pr-9 pl-9 text-sm [&::-webkit-search-cancel-button]:hidden`}
      />
      {value && (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label="Xoá từ khoá"
          className="absolute top-1/2 right-1.5 grid size-7 -translate-y-1/2 place-items-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-700"
        >
          <XIcon size={14} />
        </button>
      )}
    </div>
  );
}

/** Keys of a field edited in place: Enter saves, Escape gives up. */
export const editKeys = (onEnter: () => void, onEscape: () => void) => (e: KeyboardEvent<HTMLInputElement>) => {
  if (e.key !== 'Enter' && e.key !== 'Escape') return;
  e.preventDefault();
  if (e.key === 'Enter') onEnter();
  else onEscape();
};

/** `value` once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  label: string;
  tone?: 'default' | 'danger' | 'success';
}
/** A square icon button whose accessible name (and tooltip) is `label`. */
export function IconButton({ label, tone = 'default', className = '', children, type = 'button', ...rest }: IconButtonProps) {
  const toneClass =
    tone === 'danger'
      ? 'text-gray-500 hover:bg-red-50 hover:text-red-700'
      : tone === 'success'
        ? 'text-gray-500 hover:bg-emerald-50 hover:text-emerald-700'
        : 'text-gray-500 hover:bg-gray-100 hover:text-gray-900';
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={`grid size-8 shrink-0 place-items-center rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40 ${toneClass} ${className}`}
      {...rest}
    >
      {children}
    </button>
  );
}

/** Table classes: light header, row hover, comfortable cells. */
export const table = {
  wrap: 'overflow-x-auto',
  table: 'w-full min-w-[720px] border-collapse text-left text-sm',
  thead: 'bg-gray-50/80 text-xs font-semibold tracking-wide text-gray-500 uppercase',
  th: 'px-4 py-3 font-semibold whitespace-nowrap',
  tr: 'border-t border-gray-100 transition-colors hover:bg-gray-50/70',
  td: 'px-4 py-3 align-middle',
};

/** Placeholder rows while a table loads. */
export function TableSkeleton({ rows = 6, cols = 5 }: { rows?: number; cols?: number }) {
  return (
    <div role="status" aria-label="Đang tải…" className="divide-y divide-gray-100">
      {Array.from({ length: rows }, (_, r) => (
        <div key={r} className="flex items-center gap-4 px-4 py-3.5">
          {Array.from({ length: cols }, (_, c) => (
            <div key={c} className={`h-4 animate-pulse rounded bg-gray-200/80 ${c === 0 ? 'w-10' : c === 1 ? 'flex-[3]' : 'flex-1'}`} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** An inline warning/error line inside a form or card. */
export function InlineAlert({ tone = 'error', children, className = '' }: { tone?: 'error' | 'warning' | 'info'; children: ReactNode; className?: string }) {
  const cls =
    tone === 'error'
      ? 'border-red-200 bg-red-50 text-red-800'
      : tone === 'warning'
        ? 'border-amber-200 bg-amber-50 text-amber-900'
        : 'border-sky-200 bg-sky-50 text-sky-900';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-3.5 py-2.5 text-sm ${cls} ${className}`}>
      {children}
    </div>
  );
}

/** 'Hiển thị 1–10 / 57' under a paged table. */
export function PageSummary({ page, size, total, unit }: { page: number; size: number; total: number; unit: string }) {
  if (total === 0) return null;
  const from = page * size + 1;
  const to = Math.min(total, (page + 1) * size);
  return (
    <p className="text-sm text-gray-500">
      Hiển thị <span className="font-medium text-gray-800">{formatNumberVN(from)}</span>–
      <span className="font-medium text-gray-800">{formatNumberVN(to)}</span> / {formatNumberVN(total)} {unit}
    </p>
  );
}

/** 'Mới hơn' / 'Cũ hơn' pager under a newest-first feed; hidden when everything fits on one page. */
export function NewerOlderPager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return null;
  const button =
    'rounded-lg border border-gray-300 px-3 py-1.5 font-medium text-gray-700 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <div className="flex items-center justify-between border-t border-gray-100 px-5 py-3 text-sm">
      <span className="text-gray-500">
        Trang {page + 1}/{totalPages}
      </span>
      <div className="flex gap-2">
        <button type="button" disabled={page === 0} onClick={() => onPage(Math.max(0, page - 1))} className={button}>
          Mới hơn
        </button>
        <button type="button" disabled={page + 1 >= totalPages} onClick={() => onPage(page + 1)} className={button}>
          Cũ hơn
        </button>
      </div>
    </div>
  );
}
