import { describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, invoiceRequestErrors, splitVat, taxCodeProblem, vndInWords } from './invoices.ts';

describe('tax codes', () => {
  it('accepts 10 digits with a matching check digit, and a branch of 3 digits', () => {
    expect(taxCodeProblem('0100233488')).toBeNull();
    expect(taxCodeProblem('0314409058-002')).toBeNull();
    expect(taxCodeProblem(' 0100 233 488 ')).toBeNull();
  });
  it('refuses a wrong check digit, a wrong shape and branch 000, each with its message', () => {
    expect(taxCodeProblem('0100233487')).toBe(INVOICE_MESSAGES.taxCodeCheck);
    expect(taxCodeProblem('010023348')).toBe(INVOICE_MESSAGES.taxCodeShape);
    expect(taxCodeProblem('0100233488-01')).toBe(INVOICE_MESSAGES.taxCodeShape);
    expect(taxCodeProblem('0100233488-000')).toBe(INVOICE_MESSAGES.taxCodeShape);
    expect(taxCodeProblem('01002334880')).toBe(INVOICE_MESSAGES.taxCodeShape);
    expect(taxCodeProblem('')).toBe(INVOICE_MESSAGES.taxCodeRequired);
  });
});

describe('VAT of a price that includes it', () => {
  it('splits at the rate and keeps the total; KCT carries no VAT', () => {
    expect(splitVat(105_000, '5')).toEqual({ beforeTax: 100_000, vat: 5_000 });
    expect(splitVat(99_000, '5')).toEqual({ beforeTax: 94_286, vat: 4_714 });
    expect(splitVat(30_000, '8')).toEqual({ beforeTax: 27_778, vat: 2_222 });
    expect(splitVat(86_000, 'KCT')).toEqual({ beforeTax: 86_000, vat: 0 });
  });
});

describe('amounts in words', () => {
  it.each([
    [0, 'Không đồng'],
    [5, 'Năm đồng'],
    [15, 'Mười lăm đồng'],
    [21, 'Hai mươi mốt đồng'],
    [105, 'Một trăm linh năm đồng'],
    [1_005, 'Một nghìn không trăm linh năm đồng'],
    [24_000, 'Hai mươi tư nghìn đồng'],
    [125_000, 'Một trăm hai mươi lăm nghìn đồng'],
    [1_000_500, 'Một triệu năm trăm đồng'],
    [2_310_000, 'Hai triệu ba trăm mười nghìn đồng'],
    [1_000_000_000, 'Một tỷ đồng'],
    [3_000_040_000, 'Ba tỷ không trăm bốn mươi nghìn đồng'],
  ])('%i → %s', (n, words) => expect(vndInWords(n)).toBe(words));
});

describe('the invoice form check', () => {
  it('names each field that is wrong, with the server’s messages', () => {
    expect(invoiceRequestErrors({ companyName: 'Công ty A', taxCode: '0100233488', address: '1 Lê Lợi, Hà Nội', email: 'ke.toan@a.vn' })).toEqual({});
    expect(invoiceRequestErrors({ companyName: ' ', taxCode: '0100233487', address: 'HN', email: 'ke toan@a' })).toEqual({
      companyName: INVOICE_MESSAGES.companyRequired,
      taxCode: INVOICE_MESSAGES.taxCodeCheck,
      address: INVOICE_MESSAGES.addressRequired,
      email: 'Email không hợp lệ.',
    });
  });
});
