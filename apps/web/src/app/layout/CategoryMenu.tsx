import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronDownIcon, ChevronRightIcon, CircleAlertIcon, LayoutGridIcon } from 'lucide-react';
import type { CategoryTreeNode } from '../../api/catalog.ts';
import { categoryTreeQueryOptions } from '../../features/storefront/api/get-category-tree.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { DropdownPanel } from '../../components/ui/Menu.tsx';

/** Spec section 9: at most 10 top-level categories, 6 children each. */
export const MENU_TOP_LIMIT = 10;
export const MENU_CHILD_LIMIT = 6;

/**
 * The category menu of the header (spec section 2): a toggle and a 900 px panel (full width on small
 * screens) with the top categories in two columns; closes on an outside click, Escape, or a chosen link.
 */
export function CategoryMenu({ compact = false }: { compact?: boolean }) {
  const [requested, setRequested] = useState(false);
  const query = useQuery({ ...categoryTreeQueryOptions(), enabled: requested, retry: 1 });
  const top = (query.data ?? []).slice(0, MENU_TOP_LIMIT);

  return (
    <DropdownPanel
      className="lg:relative"
      onIntent={() => setRequested(true)}
      buttonLabel={(open) => (open ? 'Đóng danh mục' : 'Mở danh mục')}
      buttonClassName={(open) =>
        `inline-flex h-11 items-center gap-2 rounded-xl text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          compact ? 'w-11 justify-center' : 'px-3.5'
        } ${open ? 'bg-brand-700 text-white' : 'bg-brand-50 text-brand-700 hover:bg-brand-100'}`
      }
      button={(open) => (
        <>
          <LayoutGridIcon size={20} />
          {!compact && (
            <>
              <span>Danh mục</span>
              <ChevronDownIcon size={16} className={`transition-transform ${open ? 'rotate-180' : ''}`} />
            </>
          )}
        </>
      )}
      panelClassName="animate-drop-in absolute inset-x-0 top-full z-40 mt-0 border-t border-gray-100 bg-white shadow-2xl shadow-gray-900/10 lg:inset-x-auto lg:left-0 lg:mt-3 lg:w-[900px] lg:rounded-2xl lg:border lg:border-gray-200"
    >
      {/* The columns exist only while the menu is open: a closed menu costs the page no elements. */}
      {(close) => (
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
      )}
    </DropdownPanel>
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
