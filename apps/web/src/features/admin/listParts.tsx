import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useQueryUpdate } from '../../lib/useQueryUpdate.ts';
import { useToast } from '../../components/ui/Toast.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { PlusIcon } from 'lucide-react';
import { errorText } from '../../components/ui/errorText.ts';
import { ConfirmDialog } from '../../components/ui/Dialog.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { EmptyState, ErrorState } from '../../components/ui/EmptyState.tsx';
import { Card, InlineAlert, PageHeader, PageSummary, SearchBox, TableSkeleton, selectClass, useDebounced } from './ui.tsx';

/** Pieces the back-office list screens (books, users, categories, master data) share. */

/** A list's one filter kept in the URL under `key`: its values, their labels and what it sorts by ('vai trò'). */
export interface UrlFilter<V extends string> {
  key: string;
  values: readonly V[];
  labels: Record<V, string>;
  noun: string;
}

/**
 * Page, search and the filter kept in the URL so a link or a reload keeps them. `update` sets or (with null or '')
 * removes keys; the typed `search` reaches `q` once typing pauses, back to the first page. `search` names the
 * toolbar's box (its placeholder and accessible name).
 */
export function useUrlListState<V extends string = never>({ search: box, filter }: { search: { placeholder: string; label: string }; filter?: UrlFilter<V> }) {
  const [params] = useSearchParams();
  const go = useQueryUpdate();
  const page = Math.max(0, Number(params.get('page')) || 0);
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const debounced = useDebounced(search.trim(), 350);

  const update = (patch: Record<string, string | null>) =>
    go((current) => {
      for (const [k, v] of Object.entries(patch)) {
        if (v === null || v === '') current.delete(k);
        else current.set(k, v);
      }
      return `?${current}`;
    }, { replace: true });

  useEffect(() => {
    if (debounced !== q) update({ q: debounced || null, page: null });
    // update is recreated every render; only a new search term matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const raw = filter ? params.get(filter.key) : null;
  const isValue = (v: string | null): v is V => v !== null && !!filter?.values.some((x) => x === v);
  const value: V | '' = isValue(raw) ? raw : '';
  const setPage = (p: number) => update({ page: p > 0 ? String(p) : null });

  // What the toolbar needs: the search box and the filter's select.
  const toolbar = {
    search,
    onSearch: setSearch,
    searchPlaceholder: box.placeholder,
    searchLabel: box.label,
    filter: filter && {
      label: `Lọc theo ${filter.noun}`,
      allLabel: `Tất cả ${filter.noun}`,
      value,
      values: filter.values,
      labels: filter.labels,
      onChange: (v: string) => update({ [filter.key]: v || null, page: null }),
    },
  };
  return { params, page, q, filter: value, toolbar, setPage, update };
}

/** The bar above a list: a search box and one 'Tất cả …' filter select (useUrlListState's `toolbar`). */
export function ListToolbar<V extends string>({
  search,
  onSearch,
  searchPlaceholder,
  searchLabel,
  filter,
}: {
  search: string;
  onSearch: (v: string) => void;
  searchPlaceholder: string;
  searchLabel: string;
  filter?: { label: string; value: V | ''; allLabel: string; values: readonly V[]; labels: Record<V, string>; onChange: (v: string) => void };
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-gray-100 p-4">
      <SearchBox value={search} onChange={onSearch} placeholder={searchPlaceholder} label={searchLabel} className="min-w-[220px] flex-1 sm:max-w-md" />
      {filter && (
        <select aria-label={filter.label} value={filter.value} onChange={(e) => filter.onChange(e.target.value)} className={`${selectClass} w-full sm:w-52`}>
          <option value="">{filter.allLabel}</option>
          {filter.values.map((v) => (
            <option key={v} value={v}>
              {filter.labels[v]}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

/** A list query's body: table skeleton while loading, error with retry, the empty state, or the rows (dimmed while a new page loads). */
export function ListBody({
  query,
  rows,
  skeleton = { rows: 8, cols: 6 },
  errorMessage,
  empty,
  className = '',
  children,
}: {
  query: { isPending: boolean; isError: boolean; isFetching: boolean; isPlaceholderData: boolean; refetch: () => unknown };
  /** The page's rows once loaded: none shows `empty`. */
  rows: readonly unknown[] | undefined;
  /** Placeholder rows and columns while it loads. */
  skeleton?: { rows: number; cols: number };
  errorMessage: string;
  /** What an empty page says: EmptyState's props. */
  empty: Parameters<typeof EmptyState>[0];
  className?: string;
  children: ReactNode;
}) {
  if (query.isPending) return <TableSkeleton rows={skeleton.rows} cols={skeleton.cols} />;
  if (query.isError) {
    return (
      <div className="p-5">
        <ErrorState message={errorMessage} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  }
  if (rows?.length === 0) {
    return (
      <div className="p-5">
        <EmptyState {...empty} />
      </div>
    );
  }
  return <div className={`${className ? `${className} ` : ''}transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}>{children}</div>;
}

/** A page of a list as the server numbers it. */
export interface PageOf {
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

/** The users' list numbers its pages in `meta`. */
export const pageOf = (meta: { page: number; pageSize: number; total: number; pages: number }): PageOf => ({
  number: meta.page,
  size: meta.pageSize,
  totalElements: meta.total,
  totalPages: meta.pages,
});

/** 'Hiển thị x–y trong z' and the page buttons under a list; nothing when the list is empty. */
export function ListFooter({ of, unit, label, onPage }: { of: PageOf; unit: string; label: string; onPage: (page: number) => void }) {
  if (of.totalElements <= 0) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 px-4 py-3">
      <PageSummary page={of.number} size={of.size} total={of.totalElements} unit={unit} />
      <Pagination page={of.number} totalPages={of.totalPages} onChange={onPage} label={label} />
    </div>
  );
}

/** A failed action's reason kept on screen until 'Đóng'. */
export function DismissibleAlert({ message, onClose, className = '' }: { message: string | null; onClose: () => void; className?: string }) {
  if (!message) return null;
  return (
    <InlineAlert className={`${className ? `${className} ` : ''}flex items-start justify-between gap-3`}>
      <span>{message}</span>
      <button type="button" onClick={onClose} className="shrink-0 font-semibold underline">
        Đóng
      </button>
    </InlineAlert>
  );
}

/** A row's action: the row asked about (null: none), its mutation, and how to close the question. */
export interface RowAction<T> {
  target: T | null;
  setTarget: (row: T | null) => void;
  mutation: { isPending: boolean; mutate: (row: T) => void };
}

/**
 * A row action whose failure stays on screen (the server says why, e.g. a deletion refused while books use it):
 * on success a toast and the lists of `invalidate` refetched; either way the question closes.
 */
export function useRowAction<T, R>({ run, done, failed, invalidate }: { run: (row: T) => Promise<R>; done: (result: R, row: T) => string; failed: string; invalidate: QueryKey[] }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [target, setTarget] = useState<T | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: run,
    onSuccess: (result, row) => {
      toast.show(done(result, row));
      setFailure(null);
      setTarget(null);
      for (const queryKey of invalidate) void qc.invalidateQueries({ queryKey });
    },
    onError: (err) => {
      setFailure(errorText(err, failed));
      setTarget(null);
    },
  });
  return { target, setTarget, mutation, failure, setFailure };
}

/** 'Xoá …?' confirmation of the row `action` asks about. */
export function DeleteConfirm<T>({
  action,
  title,
  description,
  confirmText,
}: {
  action: RowAction<T>;
  title: string;
  description: (item: T) => ReactNode;
  confirmText: string;
}) {
  const item = action.target;
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      description={item === null ? null : description(item)}
      confirmText={confirmText}
      danger
      busy={action.mutation.isPending}
      onClose={() => action.setTarget(null)}
      onConfirm={() => item !== null && action.mutation.mutate(item)}
    />
  );
}

/** The header's button that opens the form of a new row. */
export function CreateButton({ icon = <PlusIcon size={18} />, children, onClick }: { icon?: ReactNode; children: ReactNode; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      {icon} {children}
    </Button>
  );
}

/** A list screen: its header (title, what it holds, its buttons), a failed action's reason, then the list. */
export function ListPage({
  title,
  description,
  actions,
  failure,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** A row action's failure (useRowAction), shown until dismissed. */
  failure?: { failure: string | null; setFailure: (none: null) => void };
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-[1400px]">
      <PageHeader title={title} description={description} actions={actions} />
      {failure && <DismissibleAlert message={failure.failure} onClose={() => failure.setFailure(null)} className="mb-4" />}
      {children}
    </div>
  );
}

/**
 * The box of a paged list: the toolbar (search and a filter), the rows in their loading, failed and empty states,
 * and the footer (which rows, the pages). In a card unless `boxClassName` draws another box.
 */
export function ListCard<V extends string>({
  toolbar,
  footer,
  boxClassName,
  children,
  ...body
}: Omit<Parameters<typeof ListBody>[0], 'children'> & {
  toolbar?: Parameters<typeof ListToolbar<V>>[0];
  footer?: Parameters<typeof ListFooter>[0];
  boxClassName?: string;
  children: ReactNode;
}) {
  const content = (
    <>
      {toolbar && <ListToolbar {...toolbar} />}
      <ListBody {...body}>{children}</ListBody>
      {footer && <ListFooter {...footer} />}
    </>
  );
  return boxClassName ? <div className={boxClassName}>{content}</div> : <Card bodyClassName="">{content}</Card>;
}
