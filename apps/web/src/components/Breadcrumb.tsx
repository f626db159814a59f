import { Link } from 'react-router';
import { ChevronRightIcon, HouseIcon } from 'lucide-react';

export interface Crumb {
  label: string;
  href?: string;
}

/** Trang chủ / ... / current page (the last crumb is the current page, not a link). */
export function Breadcrumb({ items, className = '' }: { items: Crumb[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={`text-sm ${className}`}>
      <ol className="flex flex-wrap items-center gap-1 text-gray-500">
        <li className="flex items-center">
          <Link to="/" className="flex items-center gap-1 rounded hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
            <HouseIcon size={15} />
            <span>Trang chủ</span>
          </Link>
        </li>
        {items.map((c, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${c.label}-${i}`} className="flex min-w-0 items-center gap-1">
              <ChevronRightIcon size={14} className="shrink-0 text-gray-300" />
              {c.href && !last ? (
                <Link to={c.href} className="rounded hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
                  {c.label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className={`truncate ${last ? 'max-w-[60vw] font-medium text-gray-800 sm:max-w-md' : ''}`}>
                  {c.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
