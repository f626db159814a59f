import { Suspense, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@nhasach/shared';
import { lazyComponent } from '../../lib/lazyComponent.ts';
import { useViewer } from '../../lib/viewer.ts';
import { orderInvoicePdfPath, orderInvoiceQueryOptions } from './api/order-invoice.ts';
import { InvoiceList } from './InvoiceList.tsx';

// The company details' form (its fields, rules and request) loads when the shopper opens it.
const OrderInvoiceForm = lazyComponent(async () => (await import('./OrderInvoiceForm.tsx')).OrderInvoiceForm);

const CLOSED: readonly OrderStatus[] = ['CANCELED', 'CANCEL_REQUESTED'];

/**
 * The order page's VAT invoice: the invoices issued with their PDFs, or the company details waiting for the
 * payment, or (an open order without a request) a form to ask for one.
 */
export function OrderInvoicePanel({ code, status }: { code: string; status: OrderStatus }) {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const options = orderInvoiceQueryOptions(viewer, code);
  const query = useQuery(options);
  const [editing, setEditing] = useState(false);

  const data = query.data;
  if (!data) return null;
  const original = data.invoices.some((i) => i.kind === 'ORIGINAL');
  const open = !CLOSED.includes(status);
  if (!data.request && !open) return null;

  return (
    <section aria-labelledby="order-invoice-title" className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="order-invoice-title" className="text-base font-bold text-gray-900">
        Hoá đơn GTGT
      </h2>
      {editing ? (
        <Suspense fallback={<div className="mt-3 h-72 animate-pulse rounded-lg bg-gray-100" role="status" aria-label="Đang tải" />}>
          <OrderInvoiceForm
            code={code}
            initial={data.request ?? undefined}
            onSaved={(saved) => {
              queryClient.setQueryData(options.queryKey, saved);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        </Suspense>
      ) : (
        <div className="mt-2 space-y-3 text-sm">
          {data.request ? (
            <dl className="grid gap-x-4 gap-y-1 text-gray-700 sm:grid-cols-[auto_1fr]">
              <dt className="text-gray-500">Công ty</dt>
              <dd className="font-medium text-gray-900">{data.request.companyName}</dd>
              <dt className="text-gray-500">Mã số thuế</dt>
              <dd>{data.request.taxCode}</dd>
              <dt className="text-gray-500">Địa chỉ</dt>
              <dd>{data.request.address}</dd>
              <dt className="text-gray-500">Email nhận hoá đơn</dt>
              <dd>{data.request.email}</dd>
            </dl>
          ) : (
            <p className="text-gray-600">Cần hoá đơn giá trị gia tăng cho công ty? Gửi thông tin trước khi đơn hàng được thanh toán hoặc ngay sau đó.</p>
          )}
          {data.invoices.length > 0 ? (
            <InvoiceList invoices={data.invoices} pdfPath={(id) => orderInvoicePdfPath(code, id)} />
          ) : (
            data.request && <p className="text-gray-600">Hoá đơn sẽ được xuất và gửi tới email trên khi đơn hàng được thanh toán.</p>
          )}
          {open && !original && (
            <button
              type="button"
              onClick={() => setEditing(true)}
              onPointerEnter={() => void OrderInvoiceForm.preload()}
              onFocus={() => void OrderInvoiceForm.preload()}
              className="inline-flex h-10 items-center rounded-lg border border-brand-600 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              {data.request ? 'Sửa thông tin xuất hoá đơn' : 'Yêu cầu xuất hoá đơn công ty'}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
