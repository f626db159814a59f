import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaleOrderDto } from '@nhasach/shared';
import { errorText } from '../../components/ui/errorText.ts';
import { Card } from '../../components/ui/Card.tsx';
import { issueInvoice, saleInvoicePdfPath, saleInvoiceQueryOptions } from './api/sale-invoice.ts';
import { InvoiceList } from './InvoiceList.tsx';

/**
 * The sales page's VAT invoice card, shown when the shopper asked for one: the company, the invoices with their
 * PDFs, and "Xuất hoá đơn" for a paid order whose invoice is not out yet (issuing is automatic on payment; this is
 * the retry when the provider failed then, or the request came later).
 */
export function SaleInvoiceCard({ order }: { order: Pick<SaleOrderDto, 'id' | 'paymentStatus' | 'version'> }) {
  const queryClient = useQueryClient();
  const options = saleInvoiceQueryOptions(order.id, order.version);
  const query = useQuery(options);
  const issue = useMutation({
    mutationFn: () => issueInvoice(order.id),
    onSuccess: (data) => queryClient.setQueryData(options.queryKey, data),
  });
  const data = query.data;
  if (!data?.request) return null;
  const issued = data.invoices.some((i) => i.kind === 'ORIGINAL');
  return (
    <Card title="Hoá đơn GTGT" testId="sale-invoice">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-gray-700">
        <dt className="text-gray-500">Công ty</dt>
        <dd className="font-medium text-gray-900">{data.request.companyName}</dd>
        <dt className="text-gray-500">Mã số thuế</dt>
        <dd>{data.request.taxCode}</dd>
        <dt className="text-gray-500">Địa chỉ</dt>
        <dd>{data.request.address}</dd>
        <dt className="text-gray-500">Email</dt>
        <dd className="break-all">{data.request.email}</dd>
      </dl>
      {data.invoices.length > 0 ? (
        <div className="mt-3 border-t border-gray-100 pt-1">
          <InvoiceList invoices={data.invoices} pdfPath={(id) => saleInvoicePdfPath(order.id, id)} />
        </div>
      ) : (
        <p className="mt-3 text-sm text-gray-600">{order.paymentStatus === 'PAID' ? 'Chưa xuất hoá đơn.' : 'Hoá đơn được xuất tự động khi đơn hàng được thanh toán.'}</p>
      )}
      {!issued && order.paymentStatus === 'PAID' && (
        <button
          type="button"
          onClick={() => issue.mutate()}
          disabled={issue.isPending}
          className="mt-3 inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {issue.isPending ? 'Đang xuất…' : 'Xuất hoá đơn'}
        </button>
      )}
      {issue.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorText(issue.error)}
        </p>
      )}
    </Card>
  );
}
