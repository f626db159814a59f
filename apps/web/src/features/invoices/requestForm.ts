import type { FieldError, InvoiceRequestDto, InvoiceRequestErrors } from '@nhasach/shared';
import { ApiError } from '../../api/client.ts';

/** The company details' form before anything is typed (checkout and the order page). */
export const EMPTY_INVOICE_REQUEST: InvoiceRequestDto = { companyName: '', taxCode: '', address: '', email: '' };

/** The server's field errors of a refused request (400 VALIDATION_ERROR), by field; empty when it sent none. */
export function serverInvoiceErrors(err: unknown): InvoiceRequestErrors {
  if (!(err instanceof ApiError) || !err.data || typeof err.data !== 'object') return {};
  const list = (err.data as { fields?: FieldError[] }).fields;
  if (!Array.isArray(list)) return {};
  const names: (keyof InvoiceRequestDto)[] = ['companyName', 'taxCode', 'address', 'email'];
  // A field inside the order body arrives as 'invoice.taxCode'.
  return Object.fromEntries(list.flatMap((f) => names.filter((n) => f.field === n || f.field.endsWith(`.${n}`)).map((n) => [n, f.message])));
}
