import type { ChangeEvent } from 'react';
import { INVOICE_LIMITS, type InvoiceRequestDto, type InvoiceRequestErrors } from '@nhasach/shared';
import { TextField } from '../../components/ui/Field.tsx';

/** Company name, tax code, address and e-mail of a VAT invoice (checkout and the order page). */
export function InvoiceRequestFields({
  value,
  onChange,
  errors,
  idPrefix,
}: {
  value: InvoiceRequestDto;
  onChange: (next: InvoiceRequestDto) => void;
  errors: InvoiceRequestErrors;
  idPrefix: string;
}) {
  const field = (name: keyof InvoiceRequestDto) => ({
    id: `${idPrefix}-${name}`,
    value: value[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange({ ...value, [name]: e.target.value }),
    required: true,
  });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField label="Tên công ty" autoComplete="organization" maxLength={INVOICE_LIMITS.companyName.max} containerClassName="sm:col-span-2" {...field('companyName')} />
      <TextField label="Mã số thuế" inputMode="numeric" placeholder="10 chữ số, ví dụ 0312345678" maxLength={20} hint="Chi nhánh: thêm -001, -002…" {...field('taxCode')} />
      <TextField label="Email nhận hoá đơn" type="email" autoComplete="email" maxLength={254} {...field('email')} />
      <TextField label="Địa chỉ công ty" autoComplete="street-address" maxLength={INVOICE_LIMITS.address.max} containerClassName="sm:col-span-2" {...field('address')} />
    </div>
  );
}
