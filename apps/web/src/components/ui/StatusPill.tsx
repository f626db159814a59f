import type { ReactNode } from 'react';

/**
 * A status as a coloured pill (an order's, a payment's, a parcel's, a return's): `tone` gives its background, text
 * and ring colours, e.g. 'bg-emerald-50 text-emerald-800 ring-emerald-200'.
 */
export function StatusPill({ tone, testId, className = '', children }: { tone: string; testId?: string; className?: string; children: ReactNode }) {
  return (
    <span data-testid={testId} className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tone} ${className}`}>
      {children}
    </span>
  );
}
