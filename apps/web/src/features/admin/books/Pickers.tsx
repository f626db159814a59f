import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MASTER_LABELS, type AdminCategoryDto, type MasterKind, type NamedRef } from '@nhasach/shared';
import { adminKeys, createMaster, fetchMasters } from '../../../api/admin.ts';
import { useToast } from '../../../components/ui/Toast.tsx';
import { useDebounced } from '../ui.tsx';
import { Combobox, type ComboOption } from '../../../components/ui/Combobox.tsx';
import { errorText } from '../../../components/ui/errorText.ts';

const PICK_SIZE = 30;

/** 'Không tải được danh sách tác giả.' and so on (spec section 8: warnings when the lists fail to load). */
export const listFailedText = (kind: MasterKind) => `Không tải được danh sách ${MASTER_LABELS[kind]}.`;

export interface MasterPickerProps {
  kind: MasterKind;
  id?: string;
  label: string;
  multiple?: boolean;
  value: number[];
  onChange: (ids: number[]) => void;
  /** Names of ids chosen before (the book being edited). */
  known: readonly NamedRef[];
  invalid?: boolean;
  describedBy?: string;
  /** Told when the list cannot be loaded, so the form shows a warning. */
  onLoadError?: (failed: boolean) => void;
}

/**
 * Authors, publishers or suppliers searched on the server (the lists can be long), with an inline
 * '+ Thêm' that creates the missing one and selects it.
 */
export function MasterPicker({ kind, id, label, multiple = false, value, onChange, known, invalid, describedBy, onLoadError }: MasterPickerProps) {
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), 250);
  const qc = useQueryClient();
  const toast = useToast();
  const [names, setNames] = useState<Map<number, string>>(() => new Map(known.map((k) => [k.id, k.name])));

  const list = useQuery({
    queryKey: [...adminKeys.masters(kind), 'pick', q],
    queryFn: () => fetchMasters(kind, { q, size: PICK_SIZE, sort: 'name' }),
    placeholderData: keepPreviousData,
    retry: 1,
  });
  const failed = list.isError;
  useEffect(() => onLoadError?.(failed), [failed, onLoadError]);

  const create = useMutation({
    mutationFn: (name: string) => createMaster(kind, { name }),
    onSuccess: (m) => {
      setNames((prev) => new Map(prev).set(m.id, m.name));
      onChange(multiple ? [...value, m.id] : [m.id]);
      setQuery('');
      void qc.invalidateQueries({ queryKey: adminKeys.masters(kind) });
      toast.show(`Đã thêm ${MASTER_LABELS[kind]} “${m.name}”`);
    },
    onError: (err) => toast.show(errorText(err, 'Tạo thất bại. Thử lại nhé.'), { tone: 'error', durationMs: 3000 }),
  });

  const options: ComboOption<number>[] = useMemo(
    () => (list.data?.content ?? []).map((m) => ({ id: m.id, label: m.name, hint: m.bookCount ? `${m.bookCount} sách` : undefined })),
    [list.data],
  );
  const labelOf = (mid: number) => names.get(mid) ?? list.data?.content.find((m) => m.id === mid)?.name ?? `#${mid}`;

  const remember = (ids: number[]) => {
    // Remember the names of what was picked, so chips keep them after the search changes.
    const found = list.data?.content ?? [];
    setNames((prev) => {
      const next = new Map(prev);
      for (const sid of ids) {
        const m = found.find((x) => x.id === sid);
        if (m) next.set(m.id, m.name);
      }
      return next;
    });
  };
  const common = {
    id,
    label,
    options,
    labelOf,
    query,
    onQueryChange: setQuery,
    loading: list.isFetching,
    placeholder: multiple ? `Tìm ${MASTER_LABELS[kind]}…` : `Chọn ${MASTER_LABELS[kind]}`,
    invalid,
    describedBy,
    // Offered only once the search for what was typed has answered, so an existing name is never created twice.
    onCreate: q === query.trim() && !list.isFetching && !list.isError ? (name: string) => create.mutate(name) : undefined,
    creating: create.isPending,
    emptyText: list.isError ? listFailedText(kind) : `Không tìm thấy ${MASTER_LABELS[kind]}`,
  };
  return multiple ? (
    <Combobox
      {...common}
      multiple
      value={value}
      onChange={(ids) => {
        remember(ids);
        onChange(ids);
      }}
    />
  ) : (
    <Combobox
      {...common}
      value={value[0] ?? null}
      onChange={(mid) => {
        remember([mid]);
        onChange([mid]);
      }}
    />
  );
}

/** Category names with their ancestors: 'Văn học › Tiểu thuyết'. */
export function categoryPaths(categories: readonly AdminCategoryDto[]): Map<number, string> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const out = new Map<number, string>();
  for (const c of categories) {
    const parts = [c.name];
    let p = c.parentId === null ? undefined : byId.get(c.parentId);
    for (let guard = 0; p && guard < 20; guard++) {
      parts.unshift(p.name);
      p = p.parentId === null ? undefined : byId.get(p.parentId);
    }
    out.set(c.id, parts.join(' › '));
  }
  return out;
}

export interface CategoryPickerProps {
  id?: string;
  label: string;
  value: number[];
  onChange: (ids: number[]) => void;
  categories: readonly AdminCategoryDto[];
  known: readonly NamedRef[];
  loading?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/** Categories from the admin list (all of them, tree order), filtered in the browser; the first chosen is the main one. */
export function CategoryPicker({ id, label, value, onChange, categories, known, loading, invalid, describedBy }: CategoryPickerProps) {
  const [query, setQuery] = useState('');
  const paths = useMemo(() => categoryPaths(categories), [categories]);
  const options = useMemo<ComboOption<number>[]>(() => {
    const q = query.trim().toLocaleLowerCase('vi');
    return categories
      .filter((c) => !q || (paths.get(c.id) ?? c.name).toLocaleLowerCase('vi').includes(q))
      .map((c) => ({ id: c.id, label: q ? (paths.get(c.id) ?? c.name) : c.name, depth: q ? 0 : c.depth, hint: c.bookCount ? String(c.bookCount) : undefined }));
  }, [categories, paths, query]);
  const labelOf = (cid: number) => paths.get(cid) ?? known.find((k) => k.id === cid)?.name ?? `#${cid}`;
  return (
    <Combobox<number>
      id={id}
      label={label}
      multiple
      firstMark="chính"
      options={options}
      value={value}
      labelOf={labelOf}
      onChange={onChange}
      query={query}
      onQueryChange={setQuery}
      loading={loading}
      placeholder="Tìm danh mục…"
      invalid={invalid}
      describedBy={describedBy}
      emptyText="Không tìm thấy danh mục"
    />
  );
}
