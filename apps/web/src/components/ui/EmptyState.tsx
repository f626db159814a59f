import type { ReactNode } from 'react';
import { BookOpenIcon, CircleAlertIcon, RefreshCwIcon } from 'lucide-react';
import { Button } from './Button.tsx';

/** An empty list: icon, message and an optional action (spec section 8 empty states). */
export function EmptyState({ title, description, icon, action, className = '' }: { title: string; description?: ReactNode; icon?: ReactNode; action?: ReactNode; className?: string }) {
  return (
    <div role="status" className={`flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center ${className}`}>
      <span className="grid size-14 place-items-center rounded-2xl bg-gray-100 text-gray-500">{icon ?? <BookOpenIcon size={28} />}</span>
      <p className="mt-4 text-base font-semibold text-gray-800">{title}</p>
      {description && <p className="mt-1 max-w-sm text-sm text-gray-500">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

/** A failed load: message and a 'Thử lại' button when a retry is possible. */
export function ErrorState({ message, onRetry, retrying = false, className = '', compact = false }: { message: string; onRetry?: () => void; retrying?: boolean; className?: string; compact?: boolean }) {
  return (
    <div
      role="alert"
      className={`flex flex-col items-center rounded-2xl border border-red-100 bg-red-50/60 text-center ${compact ? 'px-4 py-6' : 'px-6 py-12'} ${className}`}
    >
      <CircleAlertIcon size={compact ? 22 : 30} className="text-red-600" />
      <p className={`mt-3 font-semibold text-red-800 ${compact ? 'text-sm' : 'text-base'}`}>{message}</p>
      {onRetry && (
        <Button variant="outline" size="sm" className="mt-4" onClick={onRetry} busy={retrying}>
          <RefreshCwIcon size={16} /> Thử lại
        </Button>
      )}
    </div>
  );
}

/** Grey shimmering block for skeletons. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-gray-200/80 ${className}`} />;
}

/** A book's line still on its way (cover, title, detail, amount), inside the caller's row: `cover` sizes the cover. */
export function BookLineSkeleton({ cover }: { cover: string }) {
  return (
    <>
      <Skeleton className={`${cover} shrink-0`} />
      <div className="min-w-0 flex-1 space-y-1.5">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3.5 w-1/3" />
      </div>
      <Skeleton className="h-4 w-16 shrink-0" />
    </>
  );
}

/** A value still on its way inside a line of text (a span, valid in a paragraph): give it the text's height. */
export function SkeletonText({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`inline-block animate-pulse rounded bg-gray-200/80 align-middle ${className}`} />;
}
