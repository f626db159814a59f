import { useState } from 'react';
import { VAT_RATE_TEXT, VAT_TREATMENT_LABELS, VAT_TREATMENTS, type AdminCategoryDto, type VatTreatment } from '@nhasach/shared';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { IconButton, editKeys, smallInputClass } from '../ui.tsx';
import { formatNumberVN } from '@nhasach/shared';
import { CheckIcon, ChevronRightIcon, FolderIcon, FolderOpenIcon, MoveIcon, PenIcon, PlusIcon, Trash2Icon, XIcon } from 'lucide-react';

export interface CategoryTreeProps {
  categories: readonly AdminCategoryDto[];
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  /** Ids shown because they or a descendant match the search; null = no search. */
  visible: ReadonlySet<number> | null;
  renaming: number | null;
  renameBusy: boolean;
  onRenameStart: (id: number) => void;
  onRenameCancel: () => void;
  onRename: (c: AdminCategoryDto, name: string) => void;
  onAddChild: (c: AdminCategoryDto) => void;
  onMove: (c: AdminCategoryDto) => void;
  /** Sets how VAT applies to the category's books on invoices. */
  onVat: (c: AdminCategoryDto, vatTreatment: VatTreatment) => void;
  onDelete: (c: AdminCategoryDto) => void;
}

/** Children of each parent (null = top level), in the server's tree order. */
export function childrenOf(categories: readonly AdminCategoryDto[]): Map<number | null, AdminCategoryDto[]> {
  const map = new Map<number | null, AdminCategoryDto[]>();
  for (const c of categories) {
    const list = map.get(c.parentId) ?? [];
    list.push(c);
    map.set(c.parentId, list);
  }
  return map;
}

/** The category tree: expand and collapse, book counts, and per-row actions (add child, rename, move, delete). */
export function CategoryTree(props: CategoryTreeProps) {
  const kids = childrenOf(props.categories);
  const top = kids.get(null) ?? [];
  // Books of each category with its descendants: a parent with no book of its own still shows what it holds.
  const totals = new Map<number, number>();
  const total = (c: AdminCategoryDto): number => {
    const n = c.bookCount + (kids.get(c.id) ?? []).reduce((s, k) => s + total(k), 0);
    totals.set(c.id, n);
    return n;
  };
  top.forEach(total);
  return (
    // Nested lists, each item named by its category: the rows are reached with Tab through their buttons, so no
    // ARIA tree (which promises arrow-key navigation between items).
    <ul aria-label="Cây danh mục" className="divide-y divide-gray-100">
      {top.map((c) => (
        <Node key={c.id} c={c} kids={kids} totals={totals} {...props} />
      ))}
    </ul>
  );
}

type NodeProps = CategoryTreeProps & { c: AdminCategoryDto; kids: Map<number | null, AdminCategoryDto[]>; totals: Map<number, number> };

function Node({ c, kids, totals, ...p }: NodeProps) {
  const children = kids.get(c.id) ?? [];
  const searching = p.visible !== null;
  if (searching && !p.visible?.has(c.id)) return null;
  const open = children.length > 0 && (searching || p.expanded.has(c.id));
  return (
    <li aria-label={c.name}>
      <Row c={c} hasChildren={children.length > 0} open={open} total={totals.get(c.id) ?? c.bookCount} {...p} />
      {open && (
        <ul aria-label={`Danh mục con của ${c.name}`} className="border-t border-gray-100">
          {children.map((child) => (
            <Node key={child.id} c={child} kids={kids} totals={totals} {...p} />
          ))}
        </ul>
      )}
    </li>
  );
}

function Row({ c, hasChildren, open, total, ...p }: Omit<CategoryTreeProps, 'categories'> & { c: AdminCategoryDto; hasChildren: boolean; open: boolean; total: number }) {
  const editing = p.renaming === c.id;
  const [name, setName] = useState(c.name);
  const submit = () => {
    const v = name.trim();
    if (!v || v === c.name) {
      p.onRenameCancel();
      return;
    }
    p.onRename(c, v);
  };
  const onKey = editKeys(submit, () => {
    setName(c.name);
    p.onRenameCancel();
  });
  return (
    <div className="group flex min-h-12 items-center gap-2 py-1.5 pr-3 transition-colors hover:bg-gray-50/80" style={{ paddingLeft: `${0.75 + c.depth * 1.5}rem` }}>
      {hasChildren ? (
        <button
          type="button"
          onClick={() => p.onToggle(c.id)}
          aria-expanded={open}
          aria-label={open ? `Thu gọn ${c.name}` : `Mở rộng ${c.name}`}
          className="grid size-7 shrink-0 place-items-center rounded-md text-gray-500 hover:bg-gray-200/70 hover:text-gray-900"
        >
          <ChevronRightIcon size={16} className={`transition-transform ${open ? 'rotate-90' : ''}`} />
        </button>
      ) : (
        <span className="size-7 shrink-0" aria-hidden="true" />
      )}
      <span className={`shrink-0 ${c.depth === 0 ? 'text-brand-600' : 'text-amber-500'}`}>{open ? <FolderOpenIcon size={18} /> : <FolderIcon size={18} />}</span>

      {editing ? (
        <div className="flex min-w-0 flex-1 items-center gap-1.5">
          <input
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={onKey}
            aria-label={`Tên mới của ${c.name}`}
            maxLength={120}
            className={`${smallInputClass} h-9 max-w-sm`}
          />
          <IconButton label="Lưu tên" tone="success" onClick={submit} disabled={p.renameBusy}>
            {p.renameBusy ? <Spinner /> : <CheckIcon size={16} />}
          </IconButton>
          <IconButton
            label="Huỷ đổi tên"
            onClick={() => {
              setName(c.name);
              p.onRenameCancel();
            }}
            disabled={p.renameBusy}
          >
            <XIcon size={16} />
          </IconButton>
        </div>
      ) : (
        <div className="min-w-0 flex-1">
          <p className={`truncate text-sm ${c.depth === 0 ? 'font-semibold text-gray-900' : 'font-medium text-gray-800'}`}>{c.name}</p>
          <p className="truncate font-mono text-[11px] text-gray-500">/{c.slug}</p>
        </div>
      )}

      {!editing && (
        <>
          <span className="hidden shrink-0 text-xs text-gray-500 sm:inline" title="Số danh mục con">
            {c.childCount > 0 ? `${c.childCount} mục con` : ''}
          </span>
          <span
            className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ${total > 0 ? 'bg-sky-50 text-sky-700' : 'bg-gray-100 text-gray-600'}`}
            title={hasChildren ? `Gồm cả danh mục con; trực tiếp trong danh mục: ${c.bookCount}` : 'Số sách trong danh mục'}
          >
            {formatNumberVN(total)} sách
          </span>
          <select
            value={c.vatTreatment}
            onChange={(e) => p.onVat(c, e.target.value as VatTreatment)}
            aria-label={`Thuế GTGT của ${c.name}`}
            title={VAT_TREATMENT_LABELS[c.vatTreatment]}
            className="h-8 shrink-0 rounded-md border border-gray-300 bg-white px-1.5 text-xs text-gray-700 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
          >
            {VAT_TREATMENTS.map((t) => (
              <option key={t} value={t}>
                {t === 'KCT' ? 'Không chịu thuế' : `VAT ${VAT_RATE_TEXT[t]}`}
              </option>
            ))}
          </select>
          <div className="flex shrink-0 gap-0.5 opacity-100 transition-opacity lg:opacity-0 lg:group-focus-within:opacity-100 lg:group-hover:opacity-100">
            <IconButton label={`Thêm danh mục con cho ${c.name}`} onClick={() => p.onAddChild(c)}>
              <PlusIcon size={16} />
            </IconButton>
            <IconButton label={`Đổi tên ${c.name}`} onClick={() => p.onRenameStart(c.id)}>
              <PenIcon size={15} />
            </IconButton>
            <IconButton label={`Chuyển ${c.name}`} onClick={() => p.onMove(c)}>
              <MoveIcon size={15} />
            </IconButton>
            <IconButton label={`Xoá ${c.name}`} tone="danger" onClick={() => p.onDelete(c)}>
              <Trash2Icon size={15} />
            </IconButton>
          </div>
        </>
      )}
    </div>
  );
}
