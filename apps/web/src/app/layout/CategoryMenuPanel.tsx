import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ChevronRightIcon, CircleAlertIcon } from 'lucide-react';
import type { CategoryTreeNode } from '../../api/catalog.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';

/** Spec section 9: at most 10 top-level categories, 6 children each. */
export const MENU_TOP_LIMIT = 10;
export const MENU_CHILD_LIMIT = 6;

/** The open category menu (CategoryMenu.tsx): the top categories in two columns, or why there are none yet. */
export function CategoryMenuPanel({ query, close }: { query: UseQueryResult<CategoryTreeNode[]>; close: () => void }) {
  const top = (query.data ?? []).slice(0, MENU_TOP_LIMIT);
  return (
    <div className="max-h-[min(70vh,560px)] overflow-y-auto p-4 sm:p-5">
      <div className="mb-3 flex items-center justify-between px-1">
        <h2 className="text-base font-bold text-gray-900">Danh mục sản phẩm</h2>
      </div>
      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 px-1 py-6 text-sm text-gray-500">
          <Spinner className="size-4 text-brand-700" /> Đang tải danh mục…
        </p>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 px-1 py-6 text-sm text-red-700">
          <span className="flex items-center gap-2">
            <CircleAlertIcon size={18} /> Không tải được danh mục
          </span>
          <button
            type="button"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            className="rounded-lg border border-red-200 px-3 py-1.5 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
          >
            {query.isFetching ? 'Đang thử lại…' : 'Thử lại'}
          </button>
        </div>
      ) : top.length === 0 ? (
        <p className="px-1 py-6 text-sm text-gray-500">Chưa có danh mục.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2">
          {top.map((cat) => (
            <CategoryColumn key={cat.id} category={cat} onChoose={close} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CategoryColumn({ category, onChoose }: { category: CategoryTreeNode; onChoose: () => void }) {
  const children = category.children ?? [];
  const shown = children.slice(0, MENU_CHILD_LIMIT);
  const more = children.length - shown.length;
  return (
    <li className="rounded-xl p-3 transition-colors hover:bg-gray-50">
      <div className="flex items-center justify-between gap-3">
        <Link
          to={`/danh-muc/${category.slug}`}
          onClick={onChoose}
          className="font-semibold text-gray-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {category.name}
        </Link>
        <Link
          to={`/danh-muc/${category.slug}`}
          onClick={onChoose}
          aria-label={`Xem tất cả ${category.name}`}
          className="inline-flex shrink-0 items-center gap-0.5 text-xs font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Xem tất cả <ChevronRightIcon size={14} />
        </Link>
      </div>
      {shown.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1.5">
          {shown.map((child) => (
            <li key={child.id}>
              <Link
                to={`/danh-muc/${child.slug}`}
                onClick={onChoose}
                className="text-sm text-gray-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {child.name}
              </Link>
            </li>
          ))}
          {more > 0 && <li className="text-sm text-gray-500">+ {more} danh mục con khác</li>}
        </ul>
      )}
    </li>
  );
}
