import type { ReactNode } from 'react';

type Tone = 'sale' | 'new' | 'muted' | 'success' | 'warning';

const TONES: Record<Tone, string> = {
  sale: 'bg-brand-600 text-white',
  new: 'bg-emerald-700 text-white',
  muted: 'bg-gray-700/85 text-white',
  success: 'bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-800 ring-1 ring-amber-200',
};

/** A small pill label. */
export function Badge({ tone = 'muted', children, className = '' }: { tone?: Tone; children: ReactNode; className?: string }) {
  return (
    <span className={`inline-flex items-center rounded-md px-1.5 py-0.5 text-[11px] leading-4 font-bold ${TONES[tone]} ${className}`}>{children}</span>
  );
}

/** '-N%' when a discount applies (spec section 4, Sale and badges); nothing at 0 %. */
export function DiscountBadge({ percent, className = '' }: { percent: number; className?: string }) {
  if (percent <= 0) return null;
  return (
    <Badge tone="sale" className={className}>
      <span aria-hidden="true">-{percent}%</span>
      <span className="sr-only">Giảm {percent}%</span>
    </Badge>
  );
}

/** 'Mới' (the spec's 'New' badge, in the shop's language) for books created within 14 days. */
export function NewBadge({ className = '' }: { className?: string }) {
  return (
    <Badge tone="new" className={className}>
      Mới
    </Badge>
  );
}
