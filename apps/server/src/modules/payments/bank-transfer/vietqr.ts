import { QRPay } from 'vietnam-qr-pay';
import QRCode from 'qrcode';

/**
 * VietQR (NAPAS 247 on EMVCo MPM): the text a banking app scans to fill in a transfer, encoded by vietnam-qr-pay,
 * and the code drawn as SVG by qrcode. Dynamic QR (initiation method 12): bank BIN and account in field 38 with the
 * transfer-to-account service (QRIBFTTA), currency 704 (VND), the exact amount (54), country VN, the note as the
 * purpose of transaction (62/08), and the CRC-16/CCITT-FALSE (63).
 */

export interface VietQrInput {
  bankBin: string;
  accountNo: string;
  /** Whole VND. */
  amount: number;
  /** The transfer note (letters and digits). */
  note: string;
}

export function vietQrPayload(input: VietQrInput): string {
  return QRPay.initVietQR({
    bankBin: input.bankBin,
    bankNumber: input.accountNo,
    amount: String(input.amount),
    purpose: input.note,
  }).build();
}

export interface DecodedVietQr {
  valid: boolean;
  bankBin: string | null;
  accountNo: string | null;
  amount: number | null;
  note: string | null;
}

/** Reads a VietQR text back (what a banking app does after scanning); invalid when the CRC or the layout is wrong. */
export function decodeVietQr(payload: string): DecodedVietQr {
  const qr = new QRPay(payload);
  const amount = qr.amount && /^\d+$/.test(qr.amount) ? Number(qr.amount) : null;
  return {
    valid: qr.isValid && qr.provider.name === 'VIETQR',
    bankBin: qr.consumer.bankBin ?? null,
    accountNo: qr.consumer.bankNumber ?? null,
    amount,
    note: qr.additionalData.purpose ?? null,
  };
}

/** The QR code as an SVG data: URL (quiet zone of 2 modules, error correction M: scans from a phone screen). */
export async function qrSvgDataUrl(payload: string): Promise<string> {
  const svg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#111827', light: '#ffffff' } });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
