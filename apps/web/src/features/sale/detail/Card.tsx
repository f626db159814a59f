import { useId, type ReactNode } from 'react';

/** A white card with a titled header: the building block of the order detail page. */
export function Card({
  title,
  icon,
  aside,
  children,
  className = '',
  bodyClassName = 'p-4 sm:p-5',
  tone = 'default',
  testId,
}: {
  title: ReactNode;
  icon?: ReactNode;
  /** Right side of the header (a count, a badge, a link). */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
  /** 'danger' marks destructive actions (cancel). */
  tone?: 'default' | 'danger';
  testId?: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className={`rounded-2xl border bg-white shadow-sm ${tone === 'danger' ? 'border-red-200' : 'border-gray-200'} ${className}`}
    >
      <header className={`flex items-center gap-2.5 border-b px-4 py-3.5 sm:px-5 ${tone === 'danger' ? 'border-red-100' : 'border-gray-100'}`}>
        {icon && (
          <span aria-hidden="true" className={`grid size-8 shrink-0 place-items-center rounded-lg ${tone === 'danger' ? 'bg-red-50 text-red-700' : 'bg-brand-50 text-brand-700'}`}>
            {icon}
          </span>
        )}
        <h2 id={headingId} className="min-w-0 flex-1 text-base font-semibold text-gray-900">
          {title}
        </h2>
        {aside}
      </header>
      <div className={bodyClassName}>{children}</div>
    </section>
  );
}

/** A label/value row of a facts list. */
export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:grid sm:grid-cols-[9.5rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words text-gray-900">{children}</dd>
    </div>
  );
}
