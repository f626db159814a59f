import { useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ADMIN_MESSAGES, CATEGORY_NUMBER_FIELDS, categoryCreateSchema, formNumbers, VAT_TREATMENT_LABELS, type AdminCategoryDto, type VatTreatment } from '@nhasach/shared';
import { TagIcon } from 'lucide-react';
import { adminKeys, createCategory, deleteCategory, fetchAdminCategories, updateCategory } from '../../api/admin.ts';
import { catalogKeys } from '../../api/catalog.ts';
import { Button } from '../../components/ui/Button.tsx';
import { DialogButtons } from '../../components/ui/DialogButtons.tsx';
import { Modal } from '../../components/ui/Dialog.tsx';
import { EmptyState, ErrorState } from '../../components/ui/EmptyState.tsx';
import { TextField } from '../../components/ui/Field.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { applyFieldErrors, errorText } from '../../components/ui/errorText.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { CategoryTree, childrenOf } from './categories/CategoryTree.tsx';
import { DeleteConfirm, DismissibleAlert, useRowAction } from './listParts.tsx';
import { Card, InlineAlert, PageHeader, SearchBox, TableSkeleton, selectClass } from './ui.tsx';

interface CategoryFormValues {
  name: string;
  parentId: string;
  slug: string;
}
type CategoryBody = z.output<typeof categoryCreateSchema>;
// The form's values, its number inputs made numbers (formNumbers), are the shared schema's input; the output is
// the request body.
const schemaResolver = zodResolver(categoryCreateSchema) as unknown as Resolver<CategoryFormValues, unknown, CategoryBody>;
const resolver: Resolver<CategoryFormValues, unknown, CategoryBody> = (values, context, options) =>
  schemaResolver(formNumbers(values, CATEGORY_NUMBER_FIELDS), context, options);

/** '— — Tiểu thuyết': a category in a select, indented by depth. */
const optionLabel = (c: AdminCategoryDto) => `${'— '.repeat(c.depth)}${c.name}`;

/** Ids of `id` and all its descendants. */
function subtree(categories: readonly AdminCategoryDto[], id: number): Set<number> {
  const kids = childrenOf(categories);
  const out = new Set<number>();
  const walk = (x: number) => {
    out.add(x);
    for (const k of kids.get(x) ?? []) walk(k.id);
  };
  walk(id);
  return out;
}

/** /admin/categories: create form and the category tree (rename, move, delete with the server's refusals shown). */
export function AdminCategoriesPage() {
  useDocumentTitle('Quản lý danh mục');
  const qc = useQueryClient();
  const toast = useToast();
  const list = useQuery({ queryKey: adminKeys.categories, queryFn: fetchAdminCategories });
  const categories = useMemo(() => list.data ?? [], [list.data]);
  const [expanded, setExpanded] = useState<Set<number> | null>(null);
  const [search, setSearch] = useState('');
  const [renaming, setRenaming] = useState<number | null>(null);
  const [moving, setMoving] = useState<AdminCategoryDto | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement | null>(null);

  // Top-level categories start open, so the second level is visible at once.
  const openSet = useMemo(() => expanded ?? new Set(categories.filter((c) => c.depth === 0).map((c) => c.id)), [expanded, categories]);
  const toggle = (id: number) => {
    const next = new Set(openSet);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExpanded(next);
  };

  const visible = useMemo(() => {
    const q = search.trim().toLocaleLowerCase('vi');
    if (!q) return null;
    const byId = new Map(categories.map((c) => [c.id, c]));
    const out = new Set<number>();
    for (const c of categories) {
      if (!c.name.toLocaleLowerCase('vi').includes(q) && !c.slug.includes(q)) continue;
      // A match shows its ancestors too, so it stays in place in the tree.
      for (let x: AdminCategoryDto | undefined = c; x; x = x.parentId === null ? undefined : byId.get(x.parentId)) out.add(x.id);
    }
    return out;
  }, [categories, search]);

  const invalidate = () => {
    void qc.invalidateQueries({ queryKey: adminKeys.categories });
    void qc.invalidateQueries({ queryKey: catalogKeys.categoryTree });
  };

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors },
  } = useForm<CategoryFormValues, unknown, CategoryBody>({ resolver, defaultValues: { name: '', parentId: '', slug: '' } });
  const nameField = register('name');

  const create = useMutation({
    mutationFn: (body: CategoryBody) => createCategory(body),
    onSuccess: (c, body) => {
      toast.show(`Đã tạo danh mục “${c.name}”`);
      setBanner(null);
      reset({ name: '', parentId: body.parentId ? String(body.parentId) : '', slug: '' });
      if (c.parentId !== null) setExpanded(new Set(openSet).add(c.parentId));
      invalidate();
    },
    onError: (err) => {
      setBanner(errorText(err, ADMIN_MESSAGES.createCategoryFailed, { append: true, fieldsShown: applyFieldErrors(err, setError, ['name', 'parentId', 'slug']) }));
    },
  });

  // E.g. 'Danh mục đang có 3 sách nên không thể xoá…': the server's reason stays on screen.
  const remove = useRowAction({
    run: (c: AdminCategoryDto) => deleteCategory(c.id),
    done: (_r, c) => `Đã xoá danh mục “${c.name}”`,
    failed: 'Xoá danh mục thất bại.',
    invalidate: [adminKeys.categories, catalogKeys.categoryTree],
  });

  const setFailure = remove.setFailure;

  const rename = useMutation({
    mutationFn: ({ c, name }: { c: AdminCategoryDto; name: string }) => updateCategory(c.id, { name }),
    onSuccess: (c) => {
      toast.show(`Đã đổi tên thành “${c.name}”`);
      setRenaming(null);
      invalidate();
    },
    onError: (err) => setFailure(errorText(err, 'Đổi tên danh mục thất bại.')),
  });

  const vat = useMutation({
    mutationFn: ({ c, vatTreatment }: { c: AdminCategoryDto; vatTreatment: VatTreatment }) => updateCategory(c.id, { vatTreatment }),
    onSuccess: (c) => {
      toast.show(`“${c.name}”: ${VAT_TREATMENT_LABELS[c.vatTreatment]}`);
      invalidate();
    },
    onError: (err) => setFailure(errorText(err, 'Đổi thuế GTGT của danh mục thất bại.')),
  });

  const move = useMutation({
    mutationFn: ({ c, parentId }: { c: AdminCategoryDto; parentId: number | null }) => updateCategory(c.id, { parentId }),
    onSuccess: (c) => {
      toast.show(`Đã chuyển “${c.name}”`);
      setMoving(null);
      if (c.parentId !== null) setExpanded(new Set(openSet).add(c.parentId));
      invalidate();
    },
    onError: (err) => {
      setMoving(null);
      setFailure(errorText(err, 'Chuyển danh mục thất bại.'));
    },
  });

  return (
    <div className="mx-auto max-w-[1400px]">
      <PageHeader
        title="Quản lý danh mục"
        description={list.data ? `${categories.length} danh mục, trong đó ${categories.filter((c) => c.depth === 0).length} danh mục gốc` : 'Cây danh mục sách của cửa hàng'}
      />

      <DismissibleAlert message={remove.failure} onClose={() => setFailure(null)} className="mb-4" />

      <div className="grid items-start gap-5 lg:grid-cols-[360px_minmax(0,1fr)]">
        <Card title="Thêm danh mục" description="Tên là bắt buộc; slug tạo tự động khi để trống." className="lg:sticky lg:top-20">
          <form noValidate onSubmit={handleSubmit((body) => create.mutate(body))} className="space-y-4">
            {banner && <InlineAlert>{banner}</InlineAlert>}
            <TextField
              label="Tên danh mục"
              required
              placeholder="Ví dụ: Tiểu thuyết"
              error={errors.name?.message}
              {...nameField}
              ref={(el) => {
                nameField.ref(el);
                nameRef.current = el;
              }}
            />
            <div>
              <label htmlFor="category-parent" className="mb-1.5 block text-sm font-medium text-gray-800">
                Danh mục cha
              </label>
              <select id="category-parent" {...register('parentId')} className={`${selectClass} h-11`} aria-invalid={errors.parentId ? true : undefined}>
                <option value="">(Không có: danh mục gốc)</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {optionLabel(c)}
                  </option>
                ))}
              </select>
              {errors.parentId?.message && <p className="mt-1.5 text-[13px] font-medium text-red-600">{errors.parentId.message}</p>}
            </div>
            <TextField label="Slug" placeholder="tieu-thuyet" hint="Không bắt buộc." error={errors.slug?.message} {...register('slug')} />
            <Button type="submit" fullWidth busy={create.isPending} busyText="Đang tạo…">
              Tạo danh mục
            </Button>
          </form>
        </Card>

        <Card
          title="Cây danh mục"
          bodyClassName=""
          actions={
            <div className="flex items-center gap-2">
              <button type="button" className="text-sm font-medium text-gray-600 hover:text-brand-700" onClick={() => setExpanded(new Set(categories.map((c) => c.id)))}>
                Mở tất cả
              </button>
              <span className="text-gray-300" aria-hidden="true">
                |
              </span>
              <button type="button" className="text-sm font-medium text-gray-600 hover:text-brand-700" onClick={() => setExpanded(new Set())}>
                Thu gọn
              </button>
            </div>
          }
        >
          <div className="border-b border-gray-100 p-4">
            <SearchBox value={search} onChange={setSearch} placeholder="Lọc danh mục theo tên…" label="Lọc danh mục" className="max-w-md" />
          </div>
          {list.isPending ? (
            <TableSkeleton rows={8} cols={3} />
          ) : list.isError ? (
            <div className="p-5">
              <ErrorState message={ADMIN_MESSAGES.loadCategoriesFailed} onRetry={() => void list.refetch()} retrying={list.isFetching} />
            </div>
          ) : categories.length === 0 ? (
            <div className="p-5">
              <EmptyState title="Chưa có danh mục." description="Tạo danh mục đầu tiên bằng biểu mẫu bên cạnh." icon={<TagIcon size={28} />} />
            </div>
          ) : visible && visible.size === 0 ? (
            <p className="px-5 py-10 text-center text-sm text-gray-500">Không có danh mục nào khớp “{search.trim()}”.</p>
          ) : (
            <CategoryTree
              categories={categories}
              expanded={openSet}
              onToggle={toggle}
              visible={visible}
              renaming={renaming}
              renameBusy={rename.isPending}
              onRenameStart={setRenaming}
              onRenameCancel={() => setRenaming(null)}
              onRename={(c, name) => rename.mutate({ c, name })}
              onAddChild={(c) => {
                setValue('parentId', String(c.id));
                nameRef.current?.focus();
              }}
              onMove={setMoving}
              onVat={(c, vatTreatment) => vat.mutate({ c, vatTreatment })}
              onDelete={remove.setTarget}
            />
          )}
        </Card>
      </div>

      {moving && <MoveDialog category={moving} categories={categories} busy={move.isPending} onClose={() => setMoving(null)} onSave={(parentId) => move.mutate({ c: moving, parentId })} />}
      <DeleteConfirm
        action={remove}
        title="Xoá danh mục?"
        description={(c) => (
          <>
            Danh mục <strong className="text-gray-900">“{c.name}”</strong> sẽ bị xoá. Danh mục còn sách hoặc danh mục con sẽ không xoá được.
          </>
        )}
        confirmText="Xoá danh mục"
      />
    </div>
  );
}

function MoveDialog({
  category,
  categories,
  busy,
  onClose,
  onSave,
}: {
  category: AdminCategoryDto;
  categories: readonly AdminCategoryDto[];
  busy: boolean;
  onClose: () => void;
  onSave: (parentId: number | null) => void;
}) {
  const [parent, setParent] = useState(category.parentId === null ? '' : String(category.parentId));
  // A category cannot move under itself or one of its descendants (the server refuses it too).
  const blocked = useMemo(() => subtree(categories, category.id), [categories, category.id]);
  const unchanged = parent === (category.parentId === null ? '' : String(category.parentId));
  return (
    <Modal open onClose={busy ? () => undefined : onClose} title={`Chuyển “${category.name}”`} description="Chọn danh mục cha mới. Các danh mục con được chuyển theo.">
      <label htmlFor="move-parent" className="mb-1.5 block text-sm font-medium text-gray-800">
        Danh mục cha mới
      </label>
      <select id="move-parent" value={parent} onChange={(e) => setParent(e.target.value)} className={`${selectClass} h-11`}>
        <option value="">(Danh mục gốc)</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id} disabled={blocked.has(c.id)}>
            {optionLabel(c)}
          </option>
        ))}
      </select>
      <DialogButtons row="mt-5" onCancel={onClose} onClick={() => onSave(parent ? Number(parent) : null)} busy={busy} disabled={unchanged}>
        Chuyển
      </DialogButtons>
    </Modal>
  );
}
