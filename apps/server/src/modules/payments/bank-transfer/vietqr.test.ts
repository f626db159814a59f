import { describe, expect, it } from 'vitest';
import { signBody, verifyBodySignature } from './signature.ts';
import { decodeVietQr, qrSvgDataUrl, vietQrPayload } from './vietqr.ts';

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), written out here to check the library's. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** EMVCo TLV: two-digit id, two-digit length, value. */
function tlv(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < text.length; ) {
    const id = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    out.set(id, text.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}

describe('VietQR payload (NAPAS 247, EMVCo)', () => {
  const payload = vietQrPayload({ bankBin: '970436', accountNo: '1234567890', amount: 245_000, note: 'NS261123ABCDEF' });

  it('has the EMVCo fields of a dynamic transfer to the account, with the amount and the note', () => {
    const f = tlv(payload);
    expect(f.get('00')).toBe('01'); // payload format indicator
    expect(f.get('01')).toBe('12'); // dynamic: amount given
    expect(f.get('53')).toBe('704'); // VND
    expect(f.get('54')).toBe('245000');
    expect(f.get('58')).toBe('VN');
    const merchant = tlv(f.get('38')!);
    expect(merchant.get('00')).toBe('A000000727'); // NAPAS GUID
    expect(merchant.get('02')).toBe('QRIBFTTA'); // transfer to an account
    const beneficiary = tlv(merchant.get('01')!);
    expect(beneficiary.get('00')).toBe('970436');
    expect(beneficiary.get('01')).toBe('1234567890');
    expect(tlv(f.get('62')!).get('08')).toBe('NS261123ABCDEF');
  });

  it('ends with the CRC-16/CCITT-FALSE of everything before it, id and length included', () => {
    expect(payload).toMatch(/6304[0-9A-F]{4}$/);
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
    // The library's own reference example (ACB, 10.000 ₫, 'Chuyen tien').
    const sample = vietQrPayload({ bankBin: '970416', accountNo: '257678859', amount: 10_000, note: 'Chuyen tien' });
    expect(sample).toBe('00020101021238530010A0000007270123000697041601092576788590208QRIBFTTA53037045405100005802VN62150811Chuyen tien630453E6');
    expect(sample.slice(-4)).toBe(crc16(sample.slice(0, -4)));
  });

  it('reads back as a bank app would, and a changed character fails the CRC', () => {
    expect(decodeVietQr(payload)).toEqual({ valid: true, bankBin: '970436', accountNo: '1234567890', amount: 245_000, note: 'NS261123ABCDEF' });
    const tampered = payload.replace('5406245000', '5406145000');
    expect(decodeVietQr(tampered).valid).toBe(false);
    expect(decodeVietQr('not a qr').valid).toBe(false);
  });

  it('is drawn as an SVG data URL', async () => {
    const url = await qrSvgDataUrl(payload);
    const svg = Buffer.from(url.replace('data:image/svg+xml;base64,', ''), 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<script/i);
  });
});

describe('webhook signature', () => {
  const secret = 'a-secret-of-the-installation-000';
  it('is the HMAC-SHA256 of the raw body, hex, with or without the sha256= prefix', () => {
    const body = '{"id":1,"transferAmount":10000}';
    const sig = signBody(body, secret);
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyBodySignature(body, sig, secret)).toBe(true);
    expect(verifyBodySignature(body, `sha256=${sig.toUpperCase()}`, secret)).toBe(true);
    expect(verifyBodySignature(`${body} `, sig, secret)).toBe(false);
    expect(verifyBodySignature(body, sig, 'another-secret-another-secret')).toBe(false);
    expect(verifyBodySignature(body, sig.slice(0, 63), secret)).toBe(false);
    expect(verifyBodySignature(body, undefined, secret)).toBe(false);
    // Transfers off: no key, nothing verifies.
    expect(verifyBodySignature(body, signBody(body, ''), '')).toBe(false);
  });
});
