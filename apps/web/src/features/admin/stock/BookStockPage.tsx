import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOW_STOCK_THRESHOLD, formatVnd, type ManualStockReason } from '@nhasach/shared';
import { MovementsTable } from './MovementsTable.tsx';
import { ErrorNote, Pager, Panel, StockHeader, buttonClass, inputClass, secondaryButtonClass, units, Figure, InlineForm } from './parts.tsx';
import { fetchBookStock, fetchMovements, recordMovement, saveThreshold, stockKeys } from './stockApi.ts';

/** /admin/stock/books/:id: a book's stock, its threshold, its movements, and damage or returns recorded by hand. */
export function BookStockPage() {
  const id = Number(useParams().id);
  const [page, setPage] = useState(0);
  const qc = useQueryClient();
  const book = useQuery({ queryKey: stockKeys.book(id), queryFn: () => fetchBookStock(id), enabled: id > 0 });
  const moves = useQuery({ queryKey: stockKeys.movements(id, page), queryFn: () => fetchMovements({ bookId: id, page }), placeholderData: keepPreviousData, enabled: id > 0 });
  const refresh = () => qc.invalidateQueries({ queryKey: stockKeys.all });

  const [threshold, setThreshold] = useState<string | null>(null);
  const saveT = useMutation({ mutationFn: (v: number | null) => saveThreshold(id, v), onSuccess: () => (setThreshold(null), refresh()) });
  const [reason, setReason] = useState<ManualStockReason>('DAMAGE');
  const [qty, setQty] = useState('1');
  const [note, setNote] = useState('');
  const move = useMutation({
    mutationFn: () => recordMovement(id, { reason, quantity: Number(qty), note: note.trim() || null }),
    onSuccess: () => {
      setQty('1');
      setNote('');
      void refresh();
    },
  });

  const b = book.data;
  return (
    <div>
      <StockHeader title={b ? b.title : 'Tồn kho của sách'} description={b ? <span className="font-mono">ISBN {b.isbn13}</span> : undefined} />
      <ErrorNote error={book.error} />
      {b && (
        <div className="mb-5 grid gap-4 sm:grid-cols-5">
          <Figure label="Tồn kho" value={units(b.stock)} tone={b.stock <= b.effectiveThreshold ? 'warn' : 'ok'} />
          <Figure label="Tổng biến động" value={units(b.ledgerTotal)} />
          <Figure label="Đã bán" value={units(b.sold)} />
          <Figure label="Giá nhập gần nhất" value={b.lastUnitCost === null ? '—' : formatVnd(b.lastUnitCost)} />
          <Figure label="Khách chờ hàng" value={String(b.alertsWaiting)} tone={b.alertsWaiting > 0 ? 'warn' : 'ok'} />
        </div>
      )}
      {b && (
        <div className="grid gap-5 lg:grid-cols-2">
          <Panel title="Ngưỡng tồn tối thiểu">
            <ErrorNote error={saveT.error} />
            <InlineForm
              onSubmit={() => {
                const v = (threshold ?? '').trim();
                saveT.mutate(v === '' ? null : Number(v));
              }}
            >
              <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
                Ngưỡng (để trống: mặc định {LOW_STOCK_THRESHOLD})
                <input
                  type="number"
                  min={0}
                  inputMode="numeric"
                  className={`${inputClass} w-40`}
                  value={threshold ?? (b.threshold === null ? '' : String(b.threshold))}
                  onChange={(e) => setThreshold(e.target.value)}
                />
              </label>
              <button type="submit" className={buttonClass} disabled={saveT.isPending}>
                Lưu ngưỡng
              </button>
            </InlineForm>
            <p className="mt-2 text-sm text-gray-600">Sách có tồn kho bằng hoặc dưới ngưỡng nằm trong danh sách cần nhập thêm.</p>
          </Panel>
          <Panel title="Ghi nhận hư hỏng hoặc khách trả hàng">
            <ErrorNote error={move.error} />
            <InlineForm onSubmit={() => move.mutate()}>
              <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
                Lý do
                <select className={inputClass} value={reason} onChange={(e) => setReason(e.target.value as ManualStockReason)}>
                  <option value="DAMAGE">Hư hỏng, mất (trừ kho)</option>
                  <option value="RETURN">Khách trả hàng (cộng kho)</option>
                </select>
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
                Số lượng
                <input type="number" min={1} inputMode="numeric" className={`${inputClass} w-24`} value={qty} onChange={(e) => setQty(e.target.value)} />
              </label>
              <label className="flex min-w-[12rem] flex-1 flex-col gap-1 text-sm font-medium text-gray-700">
                Ghi chú
                <input className={inputClass} value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} />
              </label>
              <button type="submit" className={secondaryButtonClass} disabled={move.isPending}>
                Ghi nhận
              </button>
            </InlineForm>
          </Panel>
        </div>
      )}
      <Panel
        title="Biến động kho"
        actions={
          <Link to={`/admin/books?q=${b?.isbn13 ?? ''}`} className="text-sm text-brand-700 hover:underline">
            Mở trong danh sách sách
          </Link>
        }
      >
        <ErrorNote error={moves.error} />
        {moves.data && <MovementsTable rows={moves.data.content} showBook={false} />}
        {moves.data && <Pager page={page} totalPages={moves.data.totalPages} onPage={setPage} />}
      </Panel>
    </div>
  );
}
