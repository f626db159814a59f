import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COUNT_STATUS_LABELS, formatDateTimeVN, type CountDto } from '@nhasach/shared';
import { ErrorNote, Panel, ScanInput, StockHeader, buttonClass, inputClass, secondaryButtonClass, signed, td, th, units, Figure, BookCell, NumberCell } from './parts.tsx';
import { cancelCount, fetchCount, postCount, scanCount, setCounted, stockKeys } from './stockApi.ts';

type Filter = 'all' | 'differences' | 'uncounted';

/**
 * /admin/stock/counts/:id: a stock count. Each scan adds one copy to its book; a number can be typed instead.
 * Differences are counted - expected (the snapshot); posting adds them to the stock as it is then, so sales made
 * since the snapshot stay counted.
 */
export function CountPage() {
  const id = Number(useParams().id);
  const qc = useQueryClient();
  const count = useQuery({ queryKey: stockKeys.count(id), queryFn: () => fetchCount(id), enabled: id > 0 });
  const [filter, setFilter] = useState<Filter>('all');
  const [lastScan, setLastScan] = useState<string | null>(null);
  const [uncountedAsZero, setUncountedAsZero] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const set = (c: CountDto) => qc.setQueryData(stockKeys.count(id), c);
  const scan = useMutation({
    mutationFn: (isbn: string) => scanCount(id, isbn),
    onSuccess: (line) => {
      setLastScan(`${line.title}: đã đếm ${line.counted ?? 0}`);
      qc.setQueryData<CountDto>(stockKeys.count(id), (c) => c && { ...c, lines: c.lines.map((l) => (l.bookId === line.bookId ? line : l)), countedCount: c.lines.filter((l) => (l.bookId === line.bookId ? line : l).counted !== null).length });
    },
  });
  const type = useMutation({ mutationFn: (v: { bookId: number; counted: number | null }) => setCounted(id, [v]), onSuccess: set });
  const post = useMutation({ mutationFn: () => postCount(id, uncountedAsZero), onSuccess: (c) => (set(c), void qc.invalidateQueries({ queryKey: stockKeys.all })) });
  const cancel = useMutation({ mutationFn: () => cancelCount(id), onSuccess: set });

  const c = count.data;
  const open = c?.status === 'OPEN';
  const rows = useMemo(
    () =>
      (c?.lines ?? []).filter((l) => (filter === 'differences' ? l.difference !== null && l.difference !== 0 : filter === 'uncounted' ? l.counted === null : true)),
    [c, filter],
  );
  const diffs = c?.lines.filter((l) => l.difference !== null && l.difference !== 0).length ?? 0;

  return (
    <div>
      <StockHeader
        title={c ? `Kiểm kê ${c.code}` : 'Kiểm kê'}
        description={
          c ? (
            <>
              {COUNT_STATUS_LABELS[c.status]} · {c.category?.name ?? 'Toàn bộ cửa hàng'} · chốt số lúc {formatDateTimeVN(c.createdAt)}
              {c.postedAt && ` · cân bằng kho lúc ${formatDateTimeVN(c.postedAt)}`}
            </>
          ) : undefined
        }
        actions={
          open && (
            <button type="button" className={secondaryButtonClass} onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              Huỷ phiếu
            </button>
          )
        }
      />
      <ErrorNote error={count.error ?? post.error ?? cancel.error ?? type.error} />
      {c && (
        <>
          <div className="mb-5 grid gap-4 sm:grid-cols-3">
            <Figure label="Đã đếm" value={`${units(c.countedCount)}/${units(c.bookCount)}`} />
            <Figure label="Sách chênh lệch" value={units(diffs)} />
            <Figure label="Tổng chênh lệch" value={signed(c.lines.reduce((s, l) => s + (l.difference ?? 0), 0))} />
          </div>
          {open && (
            <Panel title="Đếm bằng máy quét">
              <ScanInput label="ISBN (mỗi lần quét +1 cuốn)" onScan={(isbn) => scan.mutateAsync(isbn)} busy={scan.isPending} />
              {lastScan && (
                <p role="status" className="mt-2 text-sm text-green-800">
                  {lastScan}
                </p>
              )}
            </Panel>
          )}
          <Panel
            title="Sách trong phiếu"
            actions={
              <select aria-label="Lọc" className={inputClass} value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
                <option value="all">Tất cả</option>
                <option value="differences">Có chênh lệch</option>
                <option value="uncounted">Chưa đếm</option>
              </select>
            }
          >
            <div className="max-h-[32rem] overflow-auto">
              <table className="min-w-full divide-y divide-gray-100">
                <thead className="sticky top-0 bg-white">
                  <tr>
                    <th className={th}>Sách</th>
                    <th className={`${th} text-right`}>Tồn lúc chốt</th>
                    <th className={`${th} text-right`}>Đếm thực tế</th>
                    <th className={`${th} text-right`}>Chênh lệch</th>
                    <th className={`${th} text-right`}>Tồn hiện tại</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {rows.map((l) => (
                    <tr key={`${l.bookId}-${l.counted}`}>
                      <td className={td}>
                        <BookCell book={l} />
                      </td>
                      <td className={`${td} text-right`}>{units(l.expected)}</td>
                      <NumberCell
                        label={`Số đếm của ${l.title}`}
                        editing={open}
                        value={l.counted}
                        blank={null}
                        min={0}
                        placeholder="—"
                        shown={l.counted === null ? '—' : units(l.counted)}
                        onSave={(counted) => type.mutate({ bookId: l.bookId, counted })}
                      />
                      <td className={`${td} text-right font-semibold ${l.difference === null || l.difference === 0 ? 'text-gray-500' : l.difference < 0 ? 'text-red-700' : 'text-green-700'}`}>
                        {l.difference === null ? '—' : signed(l.difference)}
                      </td>
                      <td className={`${td} text-right`}>{units(l.currentStock)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Panel>
          {open && (
            <Panel title="Cân bằng kho">
              <p className="mb-3 text-sm text-gray-700">
                Mỗi sách đã đếm được điều chỉnh một lượng bằng <strong>đếm thực tế − tồn lúc chốt</strong>, cộng vào tồn kho hiện tại: đơn hàng, phiếu nhập phát
                sinh sau lúc chốt vẫn được giữ nguyên. Tồn kho không xuống dưới 0.
              </p>
              <label className="mb-3 flex items-center gap-2 text-sm text-gray-800">
                <input type="checkbox" checked={uncountedAsZero} onChange={(e) => setUncountedAsZero(e.target.checked)} />
                Sách chưa đếm được tính là 0 cuốn (mặc định: giữ nguyên)
              </label>
              {confirming ? (
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm text-gray-800">Ghi điều chỉnh cho các sách chênh lệch? Không hoàn tác được.</span>
                  <button type="button" className={buttonClass} onClick={() => post.mutate()} disabled={post.isPending}>
                    Xác nhận cân bằng kho
                  </button>
                  <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
                    Huỷ
                  </button>
                </div>
              ) : (
                <button type="button" className={buttonClass} onClick={() => setConfirming(true)}>
                  Cân bằng kho
                </button>
              )}
            </Panel>
          )}
        </>
      )}
    </div>
  );
}
