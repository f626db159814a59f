import { describe, expect, it } from 'vitest';
import { bankTransferWebhookSchema, orderCodesIn, transferNoteFor } from './bank-transfer.ts';

describe('orderCodesIn', () => {
  it('finds the order code in the notes banks actually keep', () => {
    expect(orderCodesIn('NS261123ABCDEF')).toEqual(['NS261123ABCDEF']);
    expect(orderCodesIn('MBVCB.3278907687.NS261123ABCDEF.CT tu 0123456789 NGUYEN VAN A toi 1234567890')).toEqual(['NS261123ABCDEF']);
    expect(orderCodesIn('ns261123abcdef chuyen tien')).toEqual(['NS261123ABCDEF']);
    expect(orderCodesIn('NS 261123 ABC-DEF')).toEqual(['NS261123ABCDEF']);
    expect(orderCodesIn('tien an trua')).toEqual([]);
    // Crockford base32 has no I, L, O, U.
    expect(orderCodesIn('NS261123ABCDEI')).toEqual([]);
    expect(orderCodesIn('NS261123AAAAAA va NS261124BBBBBB')).toEqual(['NS261123AAAAAA', 'NS261124BBBBBB']);
  });

  it('the note is the order code itself', () => {
    expect(transferNoteFor(' ns261123abcdef ')).toBe('NS261123ABCDEF');
  });
});

describe('bankTransferWebhookSchema', () => {
  const base = { id: 92704, accountNumber: '1234567890', transferType: 'in', transferAmount: 10000, content: 'x' };
  it('takes a SePay notification; the id may be a number or a string', () => {
    expect(bankTransferWebhookSchema.parse(base).id).toBe('92704');
    expect(bankTransferWebhookSchema.parse({ ...base, id: 'abc-1' }).id).toBe('abc-1');
  });
  it('refuses amounts that are not positive JSON integers and unknown transfer types', () => {
    for (const transferAmount of [0, -1, 1.5, '10000']) expect(bankTransferWebhookSchema.safeParse({ ...base, transferAmount }).success).toBe(false);
    expect(bankTransferWebhookSchema.safeParse({ ...base, transferType: 'IN' }).success).toBe(false);
    expect(bankTransferWebhookSchema.safeParse({ ...base, content: 'a\u0000b' }).success).toBe(false);
  });
});
