import { useId, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PageResult } from '@nhasach/shared';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/EmptyState.tsx';
import { loginPathFor } from '../../../lib/safeNext.ts';

/** The pieces the 'Đánh giá' and 'Bình luận' tabs share: login prompt, title with sort select, paged list. */

/** Dashed box asking a guest to sign in, returning to this page afterwards. */
export function LoginPrompt({ text }: { text: string }) {
  const location = useLocation();
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-gray-300 bg-white p-5 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-gray-600">{text}</p>
      <Link to={loginPathFor(`${location.pathname}${location.search}`)} className={buttonClass('primary', 'sm')}>
        Đăng nhập
      </Link>
    </div>
  );
}

/** The list title and its 'Sắp xếp' select; choosing a sort goes back to the first page (the caller's onChange). */
export function FeedHeader<S extends string>({
  title,
  sort,
  labels,
  onChange,
}: {
  title: ReactNode;
  sort: S;
  labels: Record<S, string>;
  onChange: (sort: S) => void;
}) {
  const sortId = useId();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h3 className="text-base font-bold text-gray-900">{title}</h3>
      <div className="flex items-center gap-2">
        <label htmlFor={sortId} className="text-sm text-gray-500">
          Sắp xếp
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(e) => onChange(e.target.value as S)}
          className="h-9 rounded-lg border border-gray-300 bg-white pr-8 pl-3 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
        >
          {(Object.keys(labels) as S[]).map((s) => (
            <option key={s} value={s}>
              {labels[s]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** A paged list query shown as skeletons, an error with retry, an empty state, or the rows with pagination. */
export function FeedList<T>({
  query,
  skeletonClass,
  errorMessage,
  empty,
  listClass,
  listLabel,
  testId,
  pageLabel,
  onPage,
  children,
}: {
  query: UseQueryResult<PageResult<T>>;
  skeletonClass: string;
  errorMessage: string;
  empty: { icon: ReactNode; title: string; description: string };
  listClass: string;
  listLabel: string;
  testId: string;
  pageLabel: string;
  onPage: (page: number) => void;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="space-y-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className={skeletonClass} />
        ))}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return <ErrorState message={errorMessage} onRetry={() => void query.refetch()} retrying={query.isFetching} compact />;
  }
  if (!query.data || query.data.content.length === 0) {
    return <EmptyState icon={empty.icon} title={empty.title} description={empty.description} className="py-8" />;
  }
  return (
    <>
      <ul className={`${listClass} ${query.isPlaceholderData ? 'opacity-60' : ''}`} aria-label={listLabel} data-testid={testId}>
        {query.data.content.map(children)}
      </ul>
      <Pagination page={query.data.number} totalPages={query.data.totalPages} onChange={onPage} label={pageLabel} />
    </>
  );
}
