import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RECEIPT_STATUS_LABELS, formatDateTimeVN, formatVnd, type ReceiptDto } from '@nhasach/shared';
import { ErrorNote, Panel, ScanInput, StockHeader, buttonClass, inputClass, secondaryButtonClass, td, th, units, BookCell, NumberCell } from './parts.tsx';
import { deleteReceipt, fetchReceipt, fetchSuppliers, postReceipt, removeReceiptLine, scanReceiptLine, stockKeys, updateReceipt } from './stockApi.ts';

/** The receipt's texts, saved when their input is left changed (a blank is none). */
const TEXT_FIELDS = [
  { name: 'supplierRef', label: 'Số hoá đơn / phiếu giao', maxLength: 60 },
  { name: 'note', label: 'Ghi chú', maxLength: 1000 },
] as const;

/**
 * /admin/stock/receipts/:id: a receipt. A draft takes lines by scanning or typing an ISBN (the same book again adds
 * one to its line), quantities and unit costs are edited in place, then "Nhập kho" posts it in one go.
 */
export function ReceiptPage() {
  const id = Number(useParams().id);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const receipt = useQuery({ queryKey: stockKeys.receipt(id), queryFn: () => fetchReceipt(id), enabled: id > 0 });
  const suppliers = useQuery({ queryKey: ['admin', 'stock', 'suppliers'], queryFn: fetchSuppliers, staleTime: 60_000 });
  const set = (r: ReceiptDto) => {
    qc.setQueryData(stockKeys.receipt(id), r);
    void qc.invalidateQueries({ queryKey: stockKeys.all, predicate: (q) => q.queryKey[3] !== id });
  };
  const scan = useMutation({ mutationFn: (isbn: string) => scanReceiptLine(id, isbn), onSuccess: set });
  const save = useMutation({ mutationFn: (body: Parameters<typeof updateReceipt>[1]) => updateReceipt(id, body), onSuccess: set });
  const remove = useMutation({ mutationFn: (lineId: number) => removeReceiptLine(id, lineId), onSuccess: set });
  const post = useMutation({ mutationFn: () => postReceipt(id), onSuccess: set });
  const drop = useMutation({ mutationFn: () => deleteReceipt(id), onSuccess: () => navigate('/admin/stock/receipts') });
  const [confirming, setConfirming] = useState(false);

  const r = receipt.data;
  const draft = r?.status === 'DRAFT';
  const linesBody = (change: { lineId: number; quantity?: number; unitCost?: number }) =>
    r!.lines.map((l) => ({
      bookId: l.bookId,
      quantity: l.id === change.lineId && change.quantity !== undefined ? change.quantity : l.quantity,
      unitCost: l.id === change.lineId && change.unitCost !== undefined ? change.unitCost : l.unitCost,
    }));

  return (
    <div>
      <StockHeader
        title={r ? `Phiếu nhập ${r.code}` : 'Phiếu nhập'}
        description={
          r ? (
            <>
              {RECEIPT_STATUS_LABELS[r.status]} · tạo lúc {formatDateTimeVN(r.createdAt)} bởi {r.createdBy ?? '—'}
              {r.postedAt && ` · nhập kho lúc ${formatDateTimeVN(r.postedAt)} bởi ${r.postedBy ?? '—'}`}
            </>
          ) : undefined
        }
        actions={
          draft && (
            <>
              <button type="button" className={secondaryButtonClass} onClick={() => drop.mutate()} disabled={drop.isPending}>
                Xoá phiếu nháp
              </button>
              {confirming ? (
                <>
                  <span className="text-sm text-gray-700">Nhập {units(r.totalQuantity)} cuốn vào kho?</span>
                  <button type="button" className={buttonClass} onClick={() => post.mutate()} disabled={post.isPending}>
                    Xác nhận nhập kho
                  </button>
                  <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
                    Huỷ
                  </button>
                </>
              ) : (
                <button type="button" className={buttonClass} onClick={() => setConfirming(true)} disabled={!r.lines.length}>
                  Nhập kho
                </button>
              )}
            </>
          )
        }
      />
      <ErrorNote error={receipt.error ?? post.error ?? drop.error ?? save.error ?? remove.error} />
      {r && (
        <>
          <Panel title="Thông tin phiếu">
            <div className="grid gap-3 sm:grid-cols-3">
              <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
                Nhà cung cấp
                <select
                  className={inputClass}
                  disabled={!draft}
                  value={r.supplier?.id ?? ''}
                  onChange={(e) => save.mutate({ supplierId: e.target.value ? Number(e.target.value) : null })}
                >
                  <option value="">— Chưa chọn —</option>
                  {suppliers.data?.content.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </label>
              {TEXT_FIELDS.map((f) => (
                <label key={f.name} className="flex flex-col gap-1 text-sm font-medium text-gray-700">
                  {f.label}
                  <input
                    className={inputClass}
                    disabled={!draft}
                    defaultValue={r[f.name] ?? ''}
                    maxLength={f.maxLength}
                    onBlur={(e) => e.target.value !== (r[f.name] ?? '') && save.mutate({ [f.name]: e.target.value.trim() || null })}
                  />
                </label>
              ))}
            </div>
          </Panel>
          {draft && (
            <Panel title="Thêm sách">
              <ScanInput label="ISBN" onScan={(isbn) => scan.mutateAsync(isbn)} busy={scan.isPending} />
            </Panel>
          )}
          <Panel title={`Các dòng (${r.lines.length})`}>
            {r.lines.length === 0 ? (
              <p className="text-sm text-gray-600">Chưa có dòng nào. Quét hoặc gõ ISBN để thêm sách.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="min-w-full divide-y divide-gray-100">
                  <thead>
                    <tr>
                      <th className={th}>Sách</th>
                      <th className={`${th} text-right`}>Tồn hiện tại</th>
                      <th className={`${th} text-right`}>Số lượng</th>
                      <th className={`${th} text-right`}>Giá nhập (₫)</th>
                      <th className={`${th} text-right`}>Thành tiền</th>
                      {draft && <th className={th}><span className="sr-only">Thao tác</span></th>}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100">
                    {r.lines.map((l) => (
                      <tr key={`${l.id}-${l.quantity}-${l.unitCost}`}>
                        <td className={td}>
                          <BookCell book={l} />
                        </td>
                        <td className={`${td} text-right`}>{units(l.stock)}</td>
                        <NumberCell
                          label={`Số lượng của ${l.title}`}
                          editing={draft}
                          value={l.quantity}
                          blank={0}
                          min={1}
                          shown={units(l.quantity)}
                          onSave={(quantity) => save.mutate({ lines: linesBody({ lineId: l.id, quantity }) })}
                        />
                        <NumberCell
                          label={`Giá nhập của ${l.title}`}
                          editing={draft}
                          value={l.unitCost}
                          blank={0}
                          min={0}
                          step={1000}
                          widthClass="w-32"
                          shown={formatVnd(l.unitCost)}
                          onSave={(unitCost) => save.mutate({ lines: linesBody({ lineId: l.id, unitCost }) })}
                        />
                        <td className={`${td} text-right font-semibold`}>{formatVnd(l.lineTotal)}</td>
                        {draft && (
                          <td className={`${td} text-right`}>
                            <button type="button" className="text-sm font-medium text-red-700 hover:underline" onClick={() => remove.mutate(l.id)}>
                              Xoá dòng
                            </button>
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <td className={`${td} font-semibold`}>Tổng cộng</td>
                      <td />
                      <td className={`${td} text-right font-semibold`}>{units(r.totalQuantity)}</td>
                      <td />
                      <td className={`${td} text-right font-semibold`}>{formatVnd(r.totalCost)}</td>
                      {draft && <td />}
                    </tr>
                  </tfoot>
                </table>
              </div>
            )}
          </Panel>
        </>
      )}
    </div>
  );
}
