import bwipjs from 'bwip-js/node';
import { formatDateVN, formatNumberVN } from '@nhasach/shared';
import { pdfDocument } from '../../lib/pdf-document.ts';

export interface LabelFacts {
  carrierName: string;
  service: string;
  trackingCode: string;
  sortCode: string | null;
  orderCode: string;
  sender: { name: string; phone: string; address: string };
  receiver: { name: string; phone: string; address: string };
  weightGram: number;
  /** Cash to collect from the receiver (VND); 0: nothing to collect. */
  codAmount: number;
  note: string | null;
  createdAt: Date;
}

/** A Code 128 barcode as a PNG (bwip-js draws it; the text is printed by the label itself, in its font). */
const code128 = (text: string, height: number) => bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height, includetext: false, paddingwidth: 0, paddingheight: 0 });

/**
 * The parcel's label on an A6 page (105 x 148 mm), as carriers' labels go: the carrier, service and tracking code
 * (with its barcode) at the top, sender and receiver with phone and address, the weight, the cash to collect, and
 * the shop's order code as a Code 128 barcode for the packing table's scanner.
 */
export async function renderLabelPdf(l: LabelFacts): Promise<Buffer> {
  const [trackingBar, orderBar] = await Promise.all([code128(l.trackingCode, 14), code128(l.orderCode, 10)]);
  const { doc, done, left, width } = pdfDocument({ size: 'A6', margin: 14, info: { Title: `Nhãn vận đơn ${l.trackingCode} - đơn ${l.orderCode}`, Author: l.sender.name } });
  const rule = () => {
    const y = doc.y + 3;
    doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.7).stroke();
    doc.y = y + 5;
  };

  doc.font('b').fontSize(11).text(l.carrierName, left, 14, { width });
  doc.font('r').fontSize(8).text(`Dịch vụ: ${l.service}${l.sortCode ? `   Mã phân loại: ${l.sortCode}` : ''}`, left, undefined, { width });
  doc.image(trackingBar, left, doc.y + 4, { fit: [width, 42], align: 'center' });
  doc.y += 50;
  doc.font('b').fontSize(13).text(l.trackingCode, left, undefined, { width, align: 'center' });
  rule();

  const party = (label: string, p: { name: string; phone: string; address: string }) => {
    doc.font('b').fontSize(8).text(label, left, undefined, { width });
    doc.font('b').fontSize(9.5).text(`${p.name} - ${p.phone}`, left, undefined, { width });
    doc.font('r').fontSize(8.5).text(p.address, left, undefined, { width });
    doc.moveDown(0.3);
  };
  party('Người gửi', l.sender);
  party('Người nhận', l.receiver);
  rule();

  doc.font('r').fontSize(9).text(`Khối lượng: ${formatNumberVN(l.weightGram)} g`, left, undefined, { width });
  doc.font('b').fontSize(11).text(l.codAmount > 0 ? `Thu hộ (COD): ${formatNumberVN(l.codAmount)} ₫` : 'Thu hộ (COD): 0 ₫ - đã thanh toán', left, undefined, { width });
  if (l.note) doc.font('r').fontSize(8).text(`Ghi chú: ${l.note.slice(0, 160)}`, left, undefined, { width });
  doc.font('r').fontSize(8).text('Cho xem hàng, không cho thử.', left, undefined, { width });
  rule();

  doc.font('r').fontSize(8).text(`Mã đơn hàng (${formatDateVN(l.createdAt.toISOString())})`, left, undefined, { width });
  doc.image(orderBar, left + width * 0.1, doc.y + 2, { fit: [width * 0.8, 30], align: 'center' });
  doc.y += 34;
  doc.font('b').fontSize(10).text(l.orderCode, left, undefined, { width, align: 'center' });
  doc.end();
  return done;
}
