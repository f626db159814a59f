import { useMutation } from '@tanstack/react-query';
import { formatDateVN, formatVnd, invoiceNumberText, type InvoiceDto } from '@nhasach/shared';
import { errorText } from '../../components/ui/errorText.ts';
import { downloadFile } from '../admin/stock/download.ts';

/** The invoices of an order, each with its PDF download (the shopper's and the staff's pages). */
export function InvoiceList({ invoices, pdfPath }: { invoices: InvoiceDto[]; pdfPath: (invoiceId: number) => string }) {
  const download = useMutation({ mutationFn: (id: number) => downloadFile(pdfPath(id)) });
  return (
    <>
      <ul className="divide-y divide-gray-100" aria-label="Hoá đơn đã xuất">
        {invoices.map((inv) => (
          <li key={inv.id} className="flex flex-wrap items-center justify-between gap-3 py-2.5">
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-gray-900">
                {inv.kind === 'ADJUSTMENT' ? 'Hoá đơn điều chỉnh giảm' : 'Hoá đơn GTGT'} số {invoiceNumberText(inv.number)}
              </p>
              <p className="text-gray-600">
                Ký hiệu {inv.series} · ngày {formatDateVN(inv.issuedAt)} · {formatVnd(inv.total)}
              </p>
              <p className="text-xs text-gray-500">Mã tra cứu {inv.providerRef}</p>
            </div>
            <button
              type="button"
              onClick={() => download.mutate(inv.id)}
              disabled={download.isPending && download.variables === inv.id}
              className="inline-flex h-9 items-center rounded-lg border border-gray-300 bg-white px-3 text-sm font-semibold text-gray-800 hover:border-brand-300 hover:text-brand-700 disabled:opacity-60"
            >
              {download.isPending && download.variables === inv.id ? 'Đang tải…' : 'Tải hoá đơn (PDF)'}
            </button>
          </li>
        ))}
      </ul>
      {download.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorText(download.error, 'Không tải được hoá đơn.')}
        </p>
      )}
    </>
  );
}
