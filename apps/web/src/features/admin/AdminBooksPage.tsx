import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, BOOK_STATUSES, BOOK_STATUS_LABELS, formatVnd, type AdminBookRowDto, formatNumberVN } from '@nhasach/shared';
import { BookOpenIcon, ExternalLinkIcon } from 'lucide-react';
import { adminKeys, deleteBook, fetchAdminBooks } from '../../api/admin.ts';
import { ImageWithFallback } from '../../components/ImageWithFallback.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { BookFormDialog } from './books/BookFormDialog.tsx';
import { CreateButton, DeleteConfirm, ListCard, ListPage, useUrlListState } from './listParts.tsx';
import { BookStatusBadge } from './ui.tsx';
import { EditDeleteButtons, ResponsiveRows, RowActions, type Column } from './components/DataTable.tsx';
import { errorText } from '../../components/ui/errorText.ts';

const STATUS_FILTER = { key: 'status', values: BOOK_STATUSES, labels: BOOK_STATUS_LABELS, noun: 'trạng thái' };
const SEARCH = { placeholder: 'Tìm theo tên sách, ISBN, SKU…', label: 'Tìm sách' };

/**
 * /admin/books: search (title, ISBN, SKU), status filter, the table (10 a page), add, edit (also ?edit={id}),
 * delete. Search, filter, page and the open book live in the URL, so a link or a reload keeps them.
 */
export function AdminBooksPage() {
  useDocumentTitle('Quản lý sách');
  const { params, page, q, filter: status, toolbar, setPage, update } = useUrlListState({ search: SEARCH, filter: STATUS_FILTER });
  const qc = useQueryClient();
  const toast = useToast();
  const editParam = params.get('edit');
  const editId = editParam && /^\d+$/.test(editParam) ? Number(editParam) : null;
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<AdminBookRowDto | null>(null);

  const list = useQuery({
    queryKey: adminKeys.bookList(q, status, page),
    queryFn: () => fetchAdminBooks({ q, status, page, size: ADMIN_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  const remove = useMutation({
    mutationFn: (b: AdminBookRowDto) => deleteBook(b.id),
    onSuccess: (r, b) => {
      toast.show(r.deleted ? `Đã xoá sách “${b.title}”` : `Sách “${b.title}” đã có trong đơn hàng nên được chuyển sang Ngừng bán`, { durationMs: r.deleted ? undefined : 3500 });
      setToDelete(null);
      void qc.invalidateQueries({ queryKey: adminKeys.books });
      void qc.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
    onError: (err) => toast.show(errorText(err, 'Xoá sách thất bại'), { tone: 'error', durationMs: 3500 }),
  });

  const data = list.data;
  const closeDialog = () => {
    setCreating(false);
    if (editId !== null) update({ edit: null });
  };

  return (
    <ListPage
      title="Quản lý sách"
      description={data ? `${formatNumberVN(data.totalElements)} sách trong kho` : 'Danh sách sách của cửa hàng'}
      actions={<CreateButton onClick={() => setCreating(true)}>Thêm sách</CreateButton>}
    >
      <ListCard
        toolbar={toolbar}
        query={list}
        rows={data?.content}
        errorMessage="Không tải được danh sách sách."
        empty={{
          title: q || status ? 'Không tìm thấy sách phù hợp.' : 'Chưa có sách nào.',
          description: q || status ? 'Thử từ khoá khác hoặc bỏ bộ lọc trạng thái.' : 'Bấm “Thêm sách” để tạo cuốn sách đầu tiên.',
          icon: <BookOpenIcon size={28} />,
        }}
        footer={data && { of: data, unit: 'sách', label: 'Phân trang sách', onPage: setPage }}
      >
        {/* Phones: one card per book instead of a wide table. */}
        <ResponsiveRows
          label="Danh sách sách"
          rows={data?.content ?? []}
          rowKey={(b) => b.id}
          card={(b) => <BookCard key={b.id} book={b} onEdit={() => update({ edit: String(b.id) })} onDelete={() => setToDelete(b)} />}
          tableClassName="min-w-[900px]"
          columns={bookColumns({ onEdit: (b) => update({ edit: String(b.id) }), onDelete: setToDelete })}
        />
      </ListCard>

      {(creating || editId !== null) && <BookFormDialog key={editId ?? 'new'} editId={creating ? null : editId} onClose={closeDialog} />}

      <DeleteConfirm
        action={{ target: toDelete, setTarget: setToDelete, mutation: remove }}
        title="Xoá sách này?"
        description={(b) => (
          <>
            Sách <strong className="text-gray-900">“{b.title}”</strong> và ảnh của nó sẽ bị xoá. Nếu sách đã có trong đơn hàng, sách sẽ được chuyển sang
            trạng thái Ngừng bán thay vì xoá.
          </>
        )}
        confirmText="Xoá sách"
      />
    </ListPage>
  );
}

/** The price that applies now, and the struck-through one during a sale (phone cards). */
function PriceLines({ book: b }: { book: AdminBookRowDto }) {
  const onSale = b.salePrice !== null && b.effectivePrice < b.price;
  if (onSale) {
    return (
      <span className="whitespace-nowrap">
        <span className="font-semibold text-brand-700">{formatVnd(b.effectivePrice)}</span>
        <s className="ml-1.5 text-xs text-gray-500">{formatVnd(b.price)}</s>
      </span>
    );
  }
  return <span className="font-semibold whitespace-nowrap text-gray-900">{formatVnd(b.price)}</span>;
}

function BookCard({ book: b, onEdit, onDelete }: { book: AdminBookRowDto; onEdit: () => void; onDelete: () => void }) {
  return (
    <li className="flex gap-3 p-4">
      <ImageWithFallback src={b.thumbnail} alt="" loading="lazy" className="h-20 w-14 shrink-0 rounded bg-gray-100 object-cover ring-1 ring-gray-200" placeholderClassName="h-20 w-14 shrink-0 rounded [&_span]:hidden [&_svg]:size-4" />
      <div className="min-w-0 flex-1">
        <button type="button" onClick={onEdit} className="line-clamp-2 text-left text-[15px] font-semibold text-gray-900">
          {b.title}
        </button>
        <p className="mt-0.5 truncate text-xs text-gray-500">{b.authors.map((a) => a.name).join(', ') || 'Chưa có tác giả'}</p>
        <p className="mt-1 font-mono text-[11px] text-gray-500">ISBN {b.isbn13}</p>
        <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <PriceLines book={b} />
          <span className={b.stock === 0 ? 'font-semibold text-red-700' : b.stock <= 5 ? 'font-semibold text-amber-700' : 'text-gray-600'}>Kho {formatNumberVN(b.stock)}</span>
          <BookStatusBadge status={b.status} />
        </div>
      </div>
      <div className="flex shrink-0 flex-col gap-1">
        <EditDeleteButtons name={`“${b.title}”`} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </li>
  );
}

/** The desktop table's columns (the phone's cards are BookCard). */
function bookColumns({ onEdit, onDelete }: { onEdit: (b: AdminBookRowDto) => void; onDelete: (b: AdminBookRowDto) => void }): Column<AdminBookRowDto>[] {
  return [
    {
      header: 'Ảnh',
      headerClassName: 'w-16',
      cell: (b) => (
        <ImageWithFallback src={b.thumbnail} alt="" loading="lazy" className="h-14 w-10 rounded bg-gray-100 object-cover ring-1 ring-gray-200" placeholderClassName="h-14 w-10 rounded [&_span]:hidden [&_svg]:size-4" />
      ),
    },
    {
      header: 'Tên sách',
      className: 'max-w-[340px]',
      cell: (b) => (
        <>
          <button type="button" onClick={() => onEdit(b)} className="line-clamp-2 text-left font-semibold text-gray-900 hover:text-brand-700">
            {b.title}
          </button>
          <p className="mt-0.5 truncate text-xs text-gray-500">
            {b.authors.map((a) => a.name).join(', ') || 'Chưa có tác giả'}
            {b.categories[0] && <> · {b.categories[0].name}</>}
          </p>
        </>
      ),
    },
    {
      header: 'ISBN-13',
      className: 'font-mono text-xs text-gray-700',
      cell: (b) => (
        <>
          {b.isbn13}
          {b.sku && <p className="mt-0.5 font-sans text-[11px] text-gray-500">SKU {b.sku}</p>}
        </>
      ),
    },
    { header: 'Giá bán', align: 'right', className: 'whitespace-nowrap', cell: (b) => <PriceCell book={b} /> },
    {
      header: 'Tồn kho',
      align: 'right',
      className: 'tabular-nums',
      cell: (b) => (
        <>
          <span className={b.stock === 0 ? 'font-semibold text-red-700' : b.stock <= 5 ? 'font-semibold text-amber-700' : 'text-gray-900'}>{formatNumberVN(b.stock)}</span>
          <span className="block text-xs text-gray-500">Đã bán {formatNumberVN(b.sold)}</span>
        </>
      ),
    },
    { header: 'Trạng thái', cell: (b) => <BookStatusBadge status={b.status} /> },
    {
      header: 'Thao tác',
      align: 'right',
      cell: (b) => (
        <RowActions>
          <a href={`/books/${encodeURIComponent(b.slug)}`} target="_blank" rel="noreferrer" aria-label={`Xem “${b.title}” trên cửa hàng`} title="Xem trên cửa hàng" className="grid size-8 place-items-center rounded-lg text-gray-500 hover:bg-gray-100 hover:text-gray-900">
            <ExternalLinkIcon size={16} />
          </a>
          <EditDeleteButtons name={`“${b.title}”`} onEdit={() => onEdit(b)} onDelete={() => onDelete(b)} />
        </RowActions>
      ),
    },
  ];
}

function PriceCell({ book: b }: { book: AdminBookRowDto }) {
  const onSale = b.salePrice !== null && b.effectivePrice < b.price;
  // A sale price outside its window: shown, but the price that applies is the normal one.
  const scheduled = b.salePrice !== null && !onSale;
  if (onSale) {
    return (
      <>
        <span className="font-semibold text-brand-700">{formatVnd(b.effectivePrice)}</span>
        <s className="block text-xs text-gray-500">{formatVnd(b.price)}</s>
      </>
    );
  }
  return (
    <>
      <span className="font-semibold text-gray-900">{formatVnd(b.price)}</span>
      {scheduled && b.salePrice !== null && (
        <span className="block text-xs text-gray-500" title="Giá khuyến mãi ngoài thời gian áp dụng">
          KM {formatVnd(b.salePrice)}
        </span>
      )}
    </>
  );
}
