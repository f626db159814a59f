import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// Be Vietnam Pro (SIL OFL, shipped as an npm package like the covers' fonts): every Vietnamese mark, embedded.
const require = createRequire(import.meta.url);
const FONT = require.resolve('@expo-google-fonts/be-vietnam-pro/400Regular/BeVietnamPro_400Regular.ttf');
const FONT_BOLD = require.resolve('@expo-google-fonts/be-vietnam-pro/700Bold/BeVietnamPro_700Bold.ttf');

/**
 * A PDF the shop prints (invoices, parcel labels), with the fonts 'r' (regular) and 'b' (bold) registered: draw on
 * `doc`, call `doc.end()`, and `done` gives the file. `left` and `width` are the page's writable column.
 */
export function pdfDocument(options: PDFKit.PDFDocumentOptions) {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('r', FONT);
  doc.registerFont('b', FONT_BOLD);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  return { doc, done, left, width };
}
