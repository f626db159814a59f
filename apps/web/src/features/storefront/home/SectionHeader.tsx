import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from 'lucide-react';

/** Title row of a home section, with an optional 'Xem tất cả' link. */
export function SectionHeader({ id, title, icon, moreHref, moreLabel = 'Xem tất cả', extra }: { id: string; title: string; icon?: ReactNode; moreHref?: string; moreLabel?: string; extra?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <div className="flex items-center gap-2.5">
        {icon && <span className="grid size-9 place-items-center rounded-xl bg-brand-50 text-brand-700">{icon}</span>}
        <h2 id={id} className="text-lg font-bold text-gray-900 sm:text-xl">
          {title}
        </h2>
        {extra}
      </div>
      {moreHref && (
        <Link to={moreHref} className="inline-flex items-center gap-0.5 text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
          {moreLabel}
          <ChevronRightIcon size={16} />
        </Link>
      )}
    </div>
  );
}
