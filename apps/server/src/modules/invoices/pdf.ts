import { VAT_RATE_TEXT, VAT_TREATMENT_LABELS, formatDateVN, formatNumberVN, invoiceNumberText, type InvoiceDto } from '@nhasach/shared';
import { pdfDocument } from '../../lib/pdf-document.ts';

const money = (n: number) => formatNumberVN(n);

/**
 * The invoice as a PDF (A4) with the fields an e-invoice must show: its name, form and series, number and date,
 * seller and buyer with their tax codes and addresses, the payment method, each line's name, unit, quantity, unit
 * price, amount before VAT, VAT rate and VAT, the totals by VAT treatment, the total in numbers and in words, the
 * lookup code and the seller's signature line.
 */
export function renderInvoicePdf(inv: InvoiceDto): Promise<Buffer> {
  const { doc, done, left, width } = pdfDocument({ size: 'A4', margin: 36, info: { Title: `Hoá đơn ${inv.series} ${invoiceNumberText(inv.number)}`, Author: inv.seller.name } });

  const title = inv.kind === 'ADJUSTMENT' ? 'HOÁ ĐƠN GIÁ TRỊ GIA TĂNG (ĐIỀU CHỈNH GIẢM)' : 'HOÁ ĐƠN GIÁ TRỊ GIA TĂNG';
  doc.font('b').fontSize(15).text(title, left, 40, { width, align: 'center' });
  doc.font('r').fontSize(9).text('(Bản thể hiện của hoá đơn điện tử)', { width, align: 'center' });
  doc.text(`Ngày ${formatDateVN(inv.issuedAt)}`, { width, align: 'center' });
  doc.moveDown(0.3);
  doc.text(`Mẫu số: ${inv.form}    Ký hiệu: ${inv.series}    Số: ${invoiceNumberText(inv.number)}`, { width, align: 'center' });
  doc.text(`Mã tra cứu: ${inv.providerRef}`, { width, align: 'center' });
  if (inv.adjusts) {
    doc.moveDown(0.3);
    doc.text(
      `Điều chỉnh giảm toàn bộ hoá đơn mẫu số ${inv.adjusts.form} ký hiệu ${inv.adjusts.series} số ${invoiceNumberText(inv.adjusts.number)} ngày ${formatDateVN(inv.adjusts.issuedAt)}. Lý do: ${inv.reason ?? ''}`,
      { width, align: 'center' },
    );
  }

  const party = (label: string, rows: [string, string][]) => {
    doc.moveDown(0.6);
    doc.font('b').fontSize(10).text(label, left);
    for (const [k, v] of rows) doc.font('r').fontSize(9.5).text(`${k}: ${v}`, left, undefined, { width });
  };
  party('Đơn vị bán hàng', [
    ['Tên', inv.seller.name],
    ['Mã số thuế', inv.seller.taxCode],
    ['Địa chỉ', inv.seller.address],
  ]);
  party('Người mua hàng', [
    ['Tên đơn vị', inv.buyer.companyName],
    ['Mã số thuế', inv.buyer.taxCode],
    ['Địa chỉ', inv.buyer.address],
    ['Email', inv.buyer.email],
    ['Hình thức thanh toán', inv.paymentMethod],
    ['Đơn hàng', inv.orderCode],
  ]);

  // The lines: STT, name, unit, quantity, unit price, amount, rate, VAT.
  const cols = [
    { h: 'STT', w: 26, a: 'center' },
    { h: 'Tên hàng hoá, dịch vụ', w: 186, a: 'left' },
    { h: 'ĐVT', w: 34, a: 'center' },
    { h: 'SL', w: 28, a: 'right' },
    { h: 'Đơn giá', w: 58, a: 'right' },
    { h: 'Thành tiền chưa thuế', w: 70, a: 'right' },
    { h: 'Thuế suất', w: 38, a: 'right' },
    { h: 'Tiền thuế GTGT', w: width - 440, a: 'right' },
  ] as const;
  const row = (cells: string[], font: 'r' | 'b') => {
    doc.font(font).fontSize(8.5);
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: cols[i]!.w - 6 }));
    const h = Math.max(...heights) + 6;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((c, i) => {
      doc.rect(x, y, cols[i]!.w, h).lineWidth(0.5).stroke('#888888');
      doc.fillColor('#000000').text(c, x + 3, y + 3, { width: cols[i]!.w - 6, align: cols[i]!.a });
      x += cols[i]!.w;
    });
    doc.x = left;
    doc.y = y + h;
  };
  doc.moveDown(0.8);
  row(cols.map((c) => c.h), 'b');
  inv.lines.forEach((l, i) =>
    row(
      [String(i + 1), l.name, l.unit, formatNumberVN(l.quantity), money(l.unitPrice), money(l.amount), VAT_RATE_TEXT[l.vatTreatment], l.vatTreatment === 'KCT' ? '—' : money(l.vat)],
      'r',
    ),
  );

  doc.moveDown(0.6);
  for (const t of inv.byTreatment) {
    doc
      .font('r')
      .fontSize(9)
      .text(`${VAT_TREATMENT_LABELS[t.vatTreatment]}: tiền hàng chưa thuế ${money(t.amount)} đ, tiền thuế GTGT ${money(t.vat)} đ, cộng ${money(t.total)} đ`, left, undefined, { width });
  }
  doc.moveDown(0.3);
  doc.font('b').fontSize(10);
  doc.text(`Cộng tiền hàng chưa thuế: ${money(inv.amount)} đ`, left, undefined, { width, align: 'right' });
  doc.text(`Tiền thuế GTGT: ${money(inv.vat)} đ`, { width, align: 'right' });
  doc.text(`Tổng cộng tiền thanh toán: ${money(inv.total)} đ`, { width, align: 'right' });
  doc.font('r').fontSize(9.5).text(`Số tiền viết bằng chữ: ${inv.totalInWords}.`, left, undefined, { width });

  doc.moveDown(1.2);
  const y = doc.y;
  doc.font('b').fontSize(9.5).text('Người mua hàng', left, y, { width: width / 2, align: 'center' });
  doc.text('Người bán hàng', left + width / 2, y, { width: width / 2, align: 'center' });
  doc.font('r').fontSize(8.5).text('(Chữ ký số nếu có)', left, undefined, { width: width / 2, align: 'center' });
  doc.text(`Ký bởi: ${inv.seller.name}\nNgày ký: ${formatDateVN(inv.issuedAt)}`, left + width / 2, y + 14, { width: width / 2, align: 'center' });
  doc.end();
  return done;
}
