import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE, MASTER_LABELS, masterCreateSchema, type MasterDto, type MasterKind, formatNumberVN } from '@nhasach/shared';
import { CheckIcon, DatabaseIcon, PlusIcon, XIcon } from 'lucide-react';
import { adminKeys, createMaster, deleteMaster, fetchMasters, updateMaster } from '../../../api/admin.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { inputClass } from '../../../components/ui/Field.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { applyFieldErrors, errorText } from '../../../components/ui/errorText.ts';
import { formatDate } from '../format.ts';
import { DeleteConfirm, DismissibleAlert, ListCard, useRowAction } from '../listParts.tsx';
import { IconButton, InlineAlert, SearchBox, editKeys, smallInputClass, table, useDebounced } from '../ui.tsx';
import { DataTable, EditDeleteButtons, RowActions } from '../components/DataTable.tsx';

interface MasterFormValues {
  name: string;
  slug: string;
}
type MasterBody = z.output<typeof masterCreateSchema>;
// The form's strings are a valid input of the shared schema; the output is the request body.
const resolver = zodResolver(masterCreateSchema) as unknown as Resolver<MasterFormValues, unknown, MasterBody>;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One kind of master data: create form {name, slug?}, search, paged list with inline edit and delete. */
export function MasterPanel({ kind }: { kind: MasterKind }) {
  const label = MASTER_LABELS[kind];
  const qc = useQueryClient();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  const [banner, setBanner] = useState<string | null>(null);

  const list = useQuery({
    queryKey: adminKeys.masterList(kind, q, page, ADMIN_PAGE_SIZE),
    queryFn: () => fetchMasters(kind, { q, page, size: ADMIN_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const invalidate = () => void qc.invalidateQueries({ queryKey: adminKeys.masters(kind) });

  const form = useForm<MasterFormValues, unknown, MasterBody>({ resolver, defaultValues: { name: '', slug: '' } });
  const { register, formState: { errors } } = form;

  const create = useMutation({
    mutationFn: (body: MasterBody) => createMaster(kind, body),
    onSuccess: (m) => {
      toast.show(`Đã thêm ${label} “${m.name}”`);
      form.reset();
      setBanner(null);
      setPage(0);
      invalidate();
    },
    onError: (err) => {
      // Spec section 8 (Admin): the text of a failed creation; the server's reason under its field or after it.
      setBanner(errorText(err, ADMIN_MESSAGES.createFailed, { append: true, fieldsShown: applyFieldErrors(err, form.setError, ['name', 'slug']) }));
    },
  });

  const save = useMutation({
    mutationFn: ({ m, name, slug }: { m: MasterDto; name: string; slug: string }) => updateMaster(kind, m.id, { name, slug: slug === m.slug ? undefined : slug }),
    onSuccess: (m) => {
      toast.show(`Đã cập nhật “${m.name}”`);
      setEditing(null);
      setFailure(null);
      invalidate();
    },
    onError: (err) => setFailure(errorText(err, 'Cập nhật thất bại. Thử lại nhé.')),
  });

  const remove = useRowAction({
    run: (m: MasterDto) => deleteMaster(kind, m.id),
    done: (_r, m) => `Đã xoá “${m.name}”`,
    failed: 'Xoá thất bại. Thử lại nhé.',
    invalidate: [adminKeys.masters(kind)],
  });
  const setFailure = remove.setFailure;

  const data = list.data;

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={form.handleSubmit((body) => create.mutate(body))} className="rounded-xl border border-gray-200 bg-gray-50/60 p-4">
        <h2 className="mb-3 text-sm font-semibold text-gray-900">Thêm {label}</h2>
        {banner && <InlineAlert className="mb-3">{banner}</InlineAlert>}
        <div className="grid items-start gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
          <div>
            <label htmlFor={`${kind}-name`} className="sr-only">
              Tên {label}
            </label>
            <input
              id={`${kind}-name`}
              {...register('name')}
              placeholder={`Tên ${label} *`}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${kind}-name-error` : undefined}
              className={`${inputClass} h-11`}
            />
            {errors.name?.message && (
              <p id={`${kind}-name-error`} className="mt-1.5 text-[13px] font-medium text-red-600">
                {errors.name.message}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={`${kind}-slug`} className="sr-only">
              Slug
            </label>
            <input id={`${kind}-slug`} {...register('slug')} placeholder="Slug (tự tạo khi để trống)" aria-invalid={errors.slug ? true : undefined} className={`${inputClass} h-11 font-mono text-sm`} />
            {errors.slug?.message && <p className="mt-1.5 text-[13px] font-medium text-red-600">{errors.slug.message}</p>}
          </div>
          <Button type="submit" busy={create.isPending} className="h-11">
            <PlusIcon size={18} /> Thêm
          </Button>
        </div>
      </form>

      <DismissibleAlert message={remove.failure} onClose={() => setFailure(null)} />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <SearchBox
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(0);
          }}
          placeholder={`Tìm ${label}…`}
          label={`Tìm ${label}`}
          className="w-full sm:max-w-sm"
        />
        {data && <span className="text-sm text-gray-500">{formatNumberVN(data.totalElements)} {label}</span>}
      </div>

      <ListCard
        boxClassName="overflow-hidden rounded-xl border border-gray-200"
          query={list}
          rows={data?.content}
          skeleton={{ rows: 6, cols: 4 }}
          errorMessage={`Không tải được danh sách ${label}.`}
          empty={{ title: q ? `Không tìm thấy ${label} phù hợp.` : `Chưa có ${label}.`, icon: <DatabaseIcon size={28} />, className: 'border-0' }}
          className={table.wrap}
          footer={data && { of: data, unit: label, label: `Phân trang ${label}`, onPage: setPage }}
        >
          <DataTable
            className=""
            tableClassName="min-w-[640px]"
            rows={data?.content ?? []}
            rowKey={(m) => m.id}
            renderRow={(m) =>
              editing === m.id ? (
                <EditRow key={m.id} m={m} busy={save.isPending} onCancel={() => setEditing(null)} onSave={(name, slug) => save.mutate({ m, name, slug })} />
              ) : undefined
            }
            columns={[
              { header: 'Tên', className: 'font-medium text-gray-900', cell: (m) => m.name },
              { header: 'Slug', className: 'font-mono text-xs text-gray-500', cell: (m) => m.slug },
              {
                header: 'Số sách',
                align: 'right',
                className: 'tabular-nums',
                cell: (m) => <span className={m.bookCount ? 'font-semibold text-gray-900' : 'text-gray-500'}>{formatNumberVN(m.bookCount)}</span>,
              },
              { header: 'Ngày tạo', className: 'text-gray-600', cell: (m) => formatDate(m.createdAt) },
              {
                header: 'Thao tác',
                align: 'right',
                cell: (m) => (
                  <RowActions>
                    <EditDeleteButtons name={m.name} iconSize={15} onEdit={() => setEditing(m.id)} onDelete={() => remove.setTarget(m)} />
                  </RowActions>
                ),
              },
            ]}
          />
      </ListCard>

      <DeleteConfirm
        action={remove}
        title={`Xoá ${label}?`}
        description={(m) => (
          <>
            {capital(label)} <strong className="text-gray-900">“{m.name}”</strong> sẽ bị xoá. {capital(label)} đang được sách sử dụng sẽ không xoá được.
          </>
        )}
        confirmText="Xoá"
      />
    </div>
  );
}

function EditRow({ m, busy, onCancel, onSave }: { m: MasterDto; busy: boolean; onCancel: () => void; onSave: (name: string, slug: string) => void }) {
  const [name, setName] = useState(m.name);
  const [slug, setSlug] = useState(m.slug);
  const submit = () => {
    if (!name.trim()) return;
    onSave(name.trim(), slug.trim());
  };
  const onKey = editKeys(submit, onCancel);
  return (
    <tr className="border-t border-gray-100 bg-brand-50/40">
      <td className={table.td}>
        <input autoFocus value={name} onChange={(e) => setName(e.target.value)} onKeyDown={onKey} aria-label="Tên" aria-invalid={!name.trim() || undefined} className={`${smallInputClass} h-9`} />
      </td>
      <td className={table.td}>
        <input value={slug} onChange={(e) => setSlug(e.target.value)} onKeyDown={onKey} aria-label="Slug" className={`${smallInputClass} h-9 font-mono text-xs`} />
      </td>
      <td className={`${table.td} text-right tabular-nums text-gray-500`}>{m.bookCount}</td>
      <td className={`${table.td} text-gray-600`}>{formatDate(m.createdAt)}</td>
      <td className={`${table.td} text-right`}>
        <RowActions>
          <IconButton label="Lưu" tone="success" onClick={submit} disabled={busy || !name.trim()}>
            {busy ? <Spinner /> : <CheckIcon size={16} />}
          </IconButton>
          <IconButton label="Huỷ" onClick={onCancel} disabled={busy}>
            <XIcon size={16} />
          </IconButton>
        </RowActions>
      </td>
    </tr>
  );
}
