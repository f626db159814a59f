import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';

/**
 * Page items with `siblings` pages either side of the current one and `boundaries` pages at each end, gaps
 * shown as 'ellipsis' (spec section 2: 1 sibling, 1 boundary). Pages here are 1-based, as displayed.
 */
export function pageItems(current: number, total: number, siblings = 1, boundaries = 1): (number | 'ellipsis')[] {
  if (total <= 0) return [];
  const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
  // Enough room for everything: boundaries, siblings, the current page and two gaps.
  if (total <= boundaries * 2 + siblings * 2 + 3) return range(1, total);
  const start = range(1, boundaries);
  const end = range(total - boundaries + 1, total);
  const siblingsStart = Math.max(Math.min(current - siblings, total - boundaries - siblings * 2 - 1), boundaries + 2);
  const siblingsEnd = Math.min(Math.max(current + siblings, boundaries + siblings * 2 + 2), total - boundaries - 1);
  return [
    ...start,
    siblingsStart > boundaries + 2 ? 'ellipsis' : boundaries + 1,
    ...range(siblingsStart, siblingsEnd),
    siblingsEnd < total - boundaries - 1 ? 'ellipsis' : total - boundaries,
    ...end,
  ] as (number | 'ellipsis')[];
}

export interface PaginationProps {
  /** Zero-based page, as the API counts. */
  page: number;
  totalPages: number;
  /** Link target of a zero-based page (URL state); when absent, buttons call onChange. */
  hrefFor?: (page: number) => string;
  onChange?: (page: number) => void;
  label?: string;
  className?: string;
}

const itemClass =
  'grid h-9 min-w-8 place-items-center rounded-lg px-1.5 text-sm sm:h-10 sm:min-w-10 sm:px-2 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Numbered pagination; shows page numbers from 1, sends zero-based (spec section 5). */
export function Pagination({ page, totalPages, hrefFor, onChange, label = 'Phân trang', className = '' }: PaginationProps) {
  if (totalPages <= 1) return null;
  const current = Math.min(page, totalPages - 1) + 1;
  const item = (target: number, content: ReactNode, opts: { aria?: string; disabled?: boolean; active?: boolean } = {}) => {
    const cls = `${itemClass} ${
      opts.active ? 'bg-brand-700 text-white shadow-sm' : opts.disabled ? 'cursor-not-allowed text-gray-300' : 'text-gray-700 hover:bg-brand-50 hover:text-brand-700'
    }`;
    if (opts.disabled) {
      return (
        <span role="link" className={cls} aria-disabled="true" aria-label={opts.aria}>
          {content}
        </span>
      );
    }
    if (hrefFor) {
      return (
        <Link to={hrefFor(target - 1)} className={cls} aria-label={opts.aria} aria-current={opts.active ? 'page' : undefined} preventScrollReset={false}>
          {content}
        </Link>
      );
    }
    return (
      <button type="button" className={cls} aria-label={opts.aria} aria-current={opts.active ? 'page' : undefined} onClick={() => onChange?.(target - 1)}>
        {content}
      </button>
    );
  };
  return (
    <nav aria-label={label} className={`flex justify-center ${className}`}>
      <ul className="flex flex-wrap items-center justify-center gap-0.5 sm:gap-1">
        <li>{item(current - 1, <ChevronLeftIcon size={18} />, { aria: 'Trang trước', disabled: current <= 1 })}</li>
        {pageItems(current, totalPages).map((p, i) =>
          p === 'ellipsis' ? (
            <li key={`e${i}`} aria-hidden="true" className="grid h-9 min-w-6 place-items-center text-gray-500 sm:h-10 sm:min-w-8">
              …
            </li>
          ) : (
            <li key={p}>{item(p, p, { aria: `Trang ${p}`, active: p === current })}</li>
          ),
        )}
        <li>{item(current + 1, <ChevronRightIcon size={18} />, { aria: 'Trang sau', disabled: current >= totalPages })}</li>
      </ul>
    </nav>
  );
}
