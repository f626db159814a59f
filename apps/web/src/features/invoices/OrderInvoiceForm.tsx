import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { invoiceRequestErrors, type InvoiceRequestDto, type InvoiceRequestErrors, type OrderInvoiceDto } from '@nhasach/shared';
import { errorText } from '../../components/ui/errorText.ts';
import { requestInvoice } from './api/order-invoice.ts';
import { InvoiceRequestFields } from './InvoiceRequestFields.tsx';
import { EMPTY_INVOICE_REQUEST, serverInvoiceErrors } from './requestForm.ts';

/**
 * The order page's company details for a VAT invoice (a new request, or the correction of one not yet invoiced):
 * a chunk of its own, loaded when the shopper opens it from the invoice panel.
 */
export function OrderInvoiceForm({
  code,
  initial,
  onSaved,
  onCancel,
}: {
  code: string;
  initial?: InvoiceRequestDto;
  onSaved: (saved: OrderInvoiceDto) => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState<InvoiceRequestDto>(initial ?? EMPTY_INVOICE_REQUEST);
  const [errors, setErrors] = useState<InvoiceRequestErrors>({});
  const save = useMutation({
    mutationFn: (body: InvoiceRequestDto) => requestInvoice(code, body),
    onSuccess: onSaved,
    onError: (err) => setErrors(serverInvoiceErrors(err)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = invoiceRequestErrors(form);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(form);
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3">
      <InvoiceRequestFields idPrefix="order-invoice" value={form} onChange={setForm} errors={errors} />
      {save.error && Object.keys(serverInvoiceErrors(save.error)).length === 0 && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(save.error)}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={save.isPending} className="inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
          {save.isPending ? 'Đang lưu…' : 'Lưu thông tin xuất hoá đơn'}
        </button>
        <button type="button" onClick={onCancel} className="inline-flex h-10 items-center rounded-lg border border-gray-300 px-4 text-sm font-semibold text-gray-700 hover:bg-gray-50">
          Huỷ
        </button>
      </div>
    </form>
  );
}
