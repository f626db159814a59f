import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IMPORT_LIMITS, IMPORT_MODE_LABELS, IMPORT_STATUS_LABELS, formatDateTimeVN, type BookImportDto, type ImportMode } from '@nhasach/shared';
import { downloadFile } from './download.ts';
import { ErrorNote, Panel, StockHeader, buttonClass, inputClass, secondaryButtonClass, td, th, units } from './parts.tsx';
import { fetchImport, fetchImports, importKeys, startImport, uploadImport } from './stockApi.ts';

/**
 * /admin/stock/import: bulk import and update of books. The file is checked first (nothing applied), the report
 * lists every bad cell; the import then runs on the server and this page follows it. The import's id is in the
 * address (?id=), so a reload, or coming back later, shows the same import and its progress.
 */
export function ImportPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [createMissing, setCreateMissing] = useState(false);
  const [mode, setMode] = useState<ImportMode>('VALID_ROWS');

  const current = useQuery({
    queryKey: importKeys.one(id),
    queryFn: () => fetchImport(id),
    enabled: id > 0,
    refetchInterval: (q) => (q.state.data?.status === 'RUNNING' ? 1000 : false),
  });
  const recent = useQuery({ queryKey: importKeys.list, queryFn: fetchImports });
  const upload = useMutation({
    mutationFn: () => uploadImport(file!, createMissing),
    onSuccess: (r) => {
      qc.setQueryData(importKeys.one(r.id), r);
      setParams({ id: String(r.id) });
      void qc.invalidateQueries({ queryKey: importKeys.list });
    },
  });
  const start = useMutation({
    mutationFn: () => startImport(id, mode),
    onSuccess: (r) => {
      qc.setQueryData(importKeys.one(r.id), r);
      void qc.invalidateQueries({ queryKey: importKeys.list });
    },
  });
  const template = useMutation({ mutationFn: (format: 'xlsx' | 'csv') => downloadFile(`/api/v1/admin/imports/books/template?format=${format}`) });
  const r = id ? current.data : undefined;

  return (
    <div>
      <StockHeader
        title="Nhập sách từ tệp"
        description="Tạo mới hoặc cập nhật hàng loạt theo ISBN từ tệp Excel (.xlsx) hoặc CSV. Tệp được kiểm tra trước, chưa thay đổi gì cho đến khi bạn bấm nhập."
        actions={
          <>
            <button type="button" className={secondaryButtonClass} onClick={() => template.mutate('xlsx')}>
              Tải tệp mẫu Excel
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => template.mutate('csv')}>
              Tải tệp mẫu CSV
            </button>
          </>
        }
      />
      <ErrorNote error={template.error ?? upload.error ?? start.error ?? current.error} />
      <Panel title="1. Chọn tệp và kiểm tra">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (file) upload.mutate();
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
            Tệp (.xlsx hoặc .csv, tối đa {IMPORT_LIMITS.maxBytes / 1024 / 1024} MB, {units(IMPORT_LIMITS.maxRows)} dòng)
            <input type="file" accept=".xlsx,.csv" className={`${inputClass} py-1.5`} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </label>
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input type="checkbox" checked={createMissing} onChange={(e) => setCreateMissing(e.target.checked)} />
            Tạo mới tác giả, nhà xuất bản, nhà cung cấp, danh mục khi chưa có
          </label>
          <button type="submit" className={buttonClass} disabled={!file || upload.isPending}>
            {upload.isPending ? 'Đang kiểm tra...' : 'Kiểm tra tệp'}
          </button>
        </form>
      </Panel>
      {r && <ImportReport r={r} mode={mode} setMode={setMode} onStart={() => start.mutate()} starting={start.isPending} />}
      <Panel title="Các lần nhập gần đây">
        {recent.data && recent.data.length === 0 && <p className="text-sm text-gray-600">Chưa có lần nhập nào.</p>}
        {recent.data && recent.data.length > 0 && (
          <table className="min-w-full divide-y divide-gray-100">
            <thead>
              <tr>
                <th className={th}>Tệp</th>
                <th className={th}>Trạng thái</th>
                <th className={`${th} text-right`}>Dòng</th>
                <th className={`${th} text-right`}>Lỗi</th>
                <th className={`${th} text-right`}>Tạo mới / cập nhật</th>
                <th className={th}>Lúc</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {recent.data.map((x) => (
                <tr key={x.id}>
                  <td className={td}>
                    <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => setParams({ id: String(x.id) })}>
                      {x.fileName}
                    </button>
                  </td>
                  <td className={td}>{IMPORT_STATUS_LABELS[x.status]}</td>
                  <td className={`${td} text-right`}>{units(x.totalRows)}</td>
                  <td className={`${td} text-right`}>{units(x.errorRows)}</td>
                  <td className={`${td} text-right`}>
                    {units(x.created)} / {units(x.updated)}
                  </td>
                  <td className={`${td} whitespace-nowrap`}>{formatDateTimeVN(x.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
    </div>
  );
}

function ImportReport({ r, mode, setMode, onStart, starting }: { r: BookImportDto; mode: ImportMode; setMode: (m: ImportMode) => void; onStart: () => void; starting: boolean }) {
  const total = r.validRows || 1;
  const percent = r.status === 'DONE' ? 100 : Math.min(100, Math.round((r.processed / total) * 100));
  return (
    <>
      <Panel title={`2. Kết quả kiểm tra: ${r.fileName}`}>
        <div className="mb-4 grid gap-3 sm:grid-cols-4">
          <Figure label="Tổng số dòng" value={units(r.totalRows)} />
          <Figure label="Sách mới" value={units(r.toCreate)} />
          <Figure label="Sách cập nhật" value={units(r.toUpdate)} />
          <Figure label="Dòng lỗi" value={units(r.errorRows)} tone={r.errorRows ? 'bad' : undefined} />
        </div>
        {r.errors.length > 0 && (
          <div className="max-h-80 overflow-auto rounded-lg border border-red-100">
            <table className="min-w-full divide-y divide-gray-100">
              <thead className="sticky top-0 bg-white">
                <tr>
                  <th className={th}>Dòng</th>
                  <th className={th}>Cột</th>
                  <th className={th}>Lỗi</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {r.errors.map((e, i) => (
                  <tr key={i}>
                    <td className={`${td} font-mono`}>{e.row}</td>
                    <td className={td}>{e.column ?? '—'}</td>
                    <td className={`${td} text-red-800`}>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
      <Panel title="3. Nhập vào cửa hàng">
        {r.status === 'VALIDATED' || r.status === 'FAILED' ? (
          <div className="space-y-3">
            {r.failure && (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {r.failure}
              </p>
            )}
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-gray-700">Khi có dòng lỗi</legend>
              {(Object.keys(IMPORT_MODE_LABELS) as ImportMode[]).map((m) => (
                <label key={m} className="flex items-center gap-2 text-sm text-gray-800">
                  <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
                  {IMPORT_MODE_LABELS[m]}
                </label>
              ))}
            </fieldset>
            <p className="text-sm text-gray-600">Việc nhập chạy trên máy chủ trong một giao dịch: hoặc áp dụng đủ, hoặc không áp dụng gì. Có thể tải lại trang, tiến độ vẫn được giữ.</p>
            <button type="button" className={buttonClass} onClick={onStart} disabled={starting || r.validRows === 0}>
              Nhập {units(r.validRows)} dòng hợp lệ
            </button>
          </div>
        ) : (
          <div>
            <div className="mb-2 flex justify-between text-sm text-gray-700">
              <span>{IMPORT_STATUS_LABELS[r.status]}</span>
              <span>
                {units(r.status === 'DONE' ? r.created + r.updated : r.processed)}/{units(r.validRows)} dòng
              </span>
            </div>
            <div role="progressbar" aria-label="Tiến độ nhập" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-3 overflow-hidden rounded-full bg-gray-100">
              <div className={`h-full ${r.status === 'DONE' ? 'bg-green-600' : 'bg-brand-600'}`} style={{ width: `${percent}%` }} />
            </div>
            {r.status === 'DONE' && (
              <p role="status" className="mt-3 text-sm text-green-800">
                Đã nhập xong: {units(r.created)} sách mới, {units(r.updated)} sách cập nhật{r.errorRows ? `, ${units(r.errorRows)} dòng lỗi bỏ qua` : ''}.
              </p>
            )}
          </div>
        )}
      </Panel>
    </>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'bad' }) {
  return (
    <div className="rounded-xl border border-gray-200/80 bg-white p-3">
      <div className="text-xs font-semibold uppercase tracking-wide text-gray-500">{label}</div>
      <div className={`mt-1 text-xl font-bold ${tone === 'bad' ? 'text-red-700' : 'text-gray-900'}`}>{value}</div>
    </div>
  );
}
