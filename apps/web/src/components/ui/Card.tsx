import { useId, type ReactNode } from 'react';

/**
 * A white card, with a titled header when it has a title: the building block of the order pages, the account's
 * screens and the back office. `icon` sits in a tinted square before the title, `actions` (a count, a badge, a
 * link, buttons) on the header's right; 'danger' marks destructive actions (cancel).
 */
export function Card({
  title,
  description,
  icon,
  actions,
  children,
  className = '',
  bodyClassName = 'p-4 sm:p-5',
  tone = 'default',
  as: As = 'section',
  testId,
}: {
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
  tone?: 'default' | 'danger';
  as?: 'section' | 'div';
  testId?: string;
}) {
  const headingId = useId();
  const danger = tone === 'danger';
  return (
    <As
      aria-labelledby={title ? headingId : undefined}
      data-testid={testId}
      className={`min-w-0 rounded-2xl border bg-white shadow-sm ${danger ? 'border-red-200' : 'border-gray-200'} ${className}`}
    >
      {(title || actions) && (
        <header className={`flex flex-wrap items-center gap-2.5 border-b px-4 py-3.5 sm:px-5 ${danger ? 'border-red-100' : 'border-gray-100'}`}>
          {icon && (
            <span aria-hidden="true" className={`grid size-8 shrink-0 place-items-center rounded-lg ${danger ? 'bg-red-50 text-red-700' : 'bg-brand-50 text-brand-700'}`}>
              {icon}
            </span>
          )}
          <div className="min-w-0 flex-1">
            {title && (
              <h2 id={headingId} className="text-base font-semibold text-gray-900">
                {title}
              </h2>
            )}
            {description && <p className="mt-0.5 text-xs text-gray-500">{description}</p>}
          </div>
          {actions}
        </header>
      )}
      <div className={bodyClassName}>{children}</div>
    </As>
  );
}

/** A label/value row of a facts list (a dl's dt/dd pair). */
export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:grid sm:grid-cols-[9.5rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words text-gray-900">{children}</dd>
    </div>
  );
}
