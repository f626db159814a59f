import type { ReactNode } from 'react';

/**
 * A label and an amount on one line of a summary: a dt/dd pair in a div, the only wrapper a dl allows. The strong
 * row (the total) draws its own dashed rule above.
 */
export function SummaryRow({ label, value, hint, strong = false }: { label: ReactNode; value: ReactNode; hint?: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex items-start justify-between gap-3 ${strong ? 'border-t border-dashed border-gray-200 pt-3 text-base' : 'text-sm'}`}>
      <dt className={strong ? 'font-semibold text-gray-900' : 'text-gray-600'}>
        {label}
        {hint && <span className="block text-xs font-normal text-gray-500">{hint}</span>}
      </dt>
      <dd className={`text-right tabular-nums ${strong ? 'text-xl font-extrabold text-brand-700' : 'font-medium text-gray-900'}`}>{value}</dd>
    </div>
  );
}
