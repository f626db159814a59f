import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  isoDateToVN,
  PAYMENT_METHOD_SHORT_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  SEARCH_TERM_MAX,
  vnDateToIso,
  type PaymentStatus,
} from '@nhasach/shared';
import { SearchIcon, XIcon } from 'lucide-react';
import { DateInput } from '../../../components/DateInput.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { inputBaseClass, inputClass } from '../../../components/ui/Field.tsx';
import { hasFilters, type SaleListState } from '../orderListParams.ts';


/** Payment statuses offered as a filter: the sale view's four plus PENDING (an online payment under way). */
const PAYMENT_FILTERS: readonly PaymentStatus[] = PAYMENT_STATUSES;

/** Search (code, customer name, phone or e-mail), payment status and method, and created-date range of the order list. */
export function SaleOrderFilters({ state, onChange }: { state: SaleListState; onChange: (change: Partial<SaleListState>) => void }) {
  const id = useId();
  const [term, setTerm] = useState(state.q ?? '');
  // The box follows the URL (back/forward, clearing filters) but keeps what is being typed otherwise.
  const [seenQ, setSeenQ] = useState(state.q);
  if (seenQ !== state.q) {
    setSeenQ(state.q);
    setTerm(state.q ?? '');
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = term.trim().slice(0, SEARCH_TERM_MAX);
    onChange({ q: q || undefined });
  };

  return (
    <div className="grid gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm 2xl:grid-cols-[minmax(0,1fr)_auto] 2xl:items-end">
      <form role="search" onSubmit={submit} className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-q`} className="text-xs font-semibold tracking-wide text-gray-500 uppercase">
          Tìm kiếm
        </label>
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-500" />
            <input
              id={`${id}-q`}
              type="search"
              value={term}
              maxLength={SEARCH_TERM_MAX}
              onChange={(e) => setTerm(e.target.value)}
              placeholder="Mã đơn, tên khách, SĐT hoặc email"
              aria-description="Tìm theo mã đơn, tên khách hàng, số điện thoại hoặc email"
              className={`${inputClass} h-10 pr-3 pl-10`}
            />
          </div>
          <Button type="submit" size="sm" className="h-10 shrink-0">
            Tìm
          </Button>
        </div>
      </form>

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(10rem,auto)_minmax(10rem,auto)_auto_auto_auto]">
        <FilterField id={`${id}-pay`} label="Thanh toán" className="col-span-2 sm:col-span-1">
          <ChoiceFilter id={`${id}-pay`} value={state.paymentStatus} values={PAYMENT_FILTERS} labels={PAYMENT_STATUS_LABELS} onChange={(paymentStatus) => onChange({ paymentStatus })} />
        </FilterField>
        <FilterField id={`${id}-method`} label="Phương thức" className="col-span-2 sm:col-span-1">
          <ChoiceFilter id={`${id}-method`} value={state.paymentMethod} values={PAYMENT_METHODS} labels={PAYMENT_METHOD_SHORT_LABELS} onChange={(paymentMethod) => onChange({ paymentMethod })} />
        </FilterField>
        <FilterField id={`${id}-from`} label="Từ ngày">
          <DayFilter id={`${id}-from`} value={state.from} onChange={(from) => onChange({ from })} />
        </FilterField>
        <FilterField id={`${id}-to`} label="Đến ngày">
          <DayFilter id={`${id}-to`} value={state.to} onChange={(to) => onChange({ to })} />
        </FilterField>
        <div className="col-span-2 flex items-end sm:col-span-1">
          <Button
            variant="ghost"
            size="sm"
            className="h-10 w-full sm:w-auto"
            disabled={!hasFilters(state)}
            onClick={() => onChange({ q: undefined, paymentStatus: undefined, from: undefined, to: undefined })}
          >
            <XIcon size={16} /> Xoá bộ lọc
          </Button>
        </div>
      </div>
    </div>
  );
}

/** A filter of the bar under its small label. */
function FilterField({ id, label, className = '', children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-xs font-semibold tracking-wide text-gray-500 uppercase">
        {label}
      </label>
      {children}
    </div>
  );
}

/** 'Tất cả' or one of `values`. */
function ChoiceFilter<V extends string>({
  id,
  value,
  values,
  labels,
  onChange,
}: {
  id: string;
  value: V | undefined;
  values: readonly V[];
  labels: Record<V, string>;
  onChange: (value: V | undefined) => void;
}) {
  return (
    <select id={id} value={value ?? ''} onChange={(e) => onChange(values.find((v) => v === e.target.value))} className={`${inputBaseClass} h-10 px-3 text-sm`}>
      <option value="">Tất cả</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {labels[v]}
        </option>
      ))}
    </select>
  );
}

/**
 * A day of the created-date range typed as dd/mm/yyyy (the URL keeps yyyy-mm-dd): the filter changes when a whole,
 * real date is typed or the field is emptied; a half-typed or impossible date stays in the box, marked invalid.
 */
function DayFilter({ id, value, onChange }: { id: string; value: string | undefined; onChange: (iso: string | undefined) => void }) {
  const [text, setText] = useState(isoDateToVN(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(isoDateToVN(value));
  }
  const complete = text.length === 10;
  const invalid = complete && vnDateToIso(text) === null;
  return (
    <DateInput
      id={id}
      value={text}
      aria-invalid={invalid || undefined}
      title={invalid ? 'Ngày không hợp lệ' : undefined}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        if (next === '') onChange(undefined);
        else if (next.length === 10) {
          const iso = vnDateToIso(next);
          if (iso) onChange(iso);
        }
      }}
      className="!h-10 text-sm"
    />
  );
}
