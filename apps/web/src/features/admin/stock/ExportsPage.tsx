import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ExportFileFormat } from '@nhasach/shared';
import { downloadFile } from './download.ts';
import { ErrorNote, Panel, StockHeader, secondaryButtonClass, DateRange } from './parts.tsx';

const EXPORTS = [
  { kind: 'books', title: 'Danh sách sách', description: 'Mọi sách với tồn kho, ngưỡng tồn tối thiểu, giá bán và giá nhập gần nhất.', period: false },
  { kind: 'orders', title: 'Đơn hàng theo kỳ', description: 'Mỗi dòng là một sách trong đơn, kèm trạng thái, thanh toán và tổng đơn.', period: true },
  { kind: 'stock-movements', title: 'Biến động kho', description: 'Mọi thay đổi tồn kho trong kỳ: bán, huỷ đơn, nhập hàng, kiểm kê, hư hỏng.', period: true },
] as const;

/** /admin/stock/exports: books, orders of a period and stock movements as Excel or CSV. */
export function ExportsPage() {
  const today = new Date(Date.now() + 7 * 3600 * 1000).toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 8)}01`;
  const [from, setFrom] = useState(monthStart);
  const [to, setTo] = useState(today);
  const download = useMutation({
    mutationFn: ({ kind, format, period }: { kind: string; format: ExportFileFormat; period: boolean }) =>
      downloadFile(`/api/v1/admin/exports/${kind}?format=${format}${period ? `&from=${from}&to=${to}` : ''}`),
  });
  return (
    <div>
      <StockHeader title="Xuất file" description="Tệp Excel (.xlsx) hoặc CSV (UTF-8), tiêu đề tiếng Việt, tiền tính bằng đồng (₫), giờ Việt Nam." />
      <ErrorNote error={download.error} />
      <Panel title="Kỳ báo cáo (cho đơn hàng và biến động kho)">
        <div className="flex flex-wrap gap-3">
          <DateRange from={from} to={to} onFrom={setFrom} onTo={setTo} />
        </div>
      </Panel>
      <div className="grid gap-5 md:grid-cols-3">
        {EXPORTS.map((e) => (
          <Panel key={e.kind} title={e.title}>
            <p className="mb-4 text-sm text-gray-600">{e.description}</p>
            <div className="flex flex-wrap gap-2">
              {(['xlsx', 'csv'] as const).map((format) => (
                <button
                  key={format}
                  type="button"
                  className={secondaryButtonClass}
                  disabled={download.isPending}
                  onClick={() => download.mutate({ kind: e.kind, format, period: e.period })}
                >
                  {format === 'xlsx' ? 'Tải Excel' : 'Tải CSV'}
                </button>
              ))}
            </div>
          </Panel>
        ))}
      </div>
    </div>
  );
}
