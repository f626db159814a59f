import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify';

/**
 * Streamed spreadsheet files (docs/decisions.md, Exports): rows are read from the database in batches and written
 * to the response as they come, as Excel (exceljs' streaming writer) or CSV (csv-stringify, UTF-8 with a BOM so
 * Excel reads the Vietnamese right). Headers are Vietnamese; amounts are integer VND (Excel shows them as
 * '#,##0 ₫'); times are Vietnam time.
 */

export type ExportFormat = 'xlsx' | 'csv';
export type ColumnType = 'text' | 'int' | 'vnd' | 'datetime';

export interface Column<R> {
  header: string;
  type: ColumnType;
  width?: number;
  value: (row: R) => string | number | Date | null | undefined;
}

/**
 * A text a spreadsheet would run as a formula (leading = + - @, or a tab or carriage return that some programs
 * skip before one) gets a leading apostrophe: shown as typed, never evaluated (CSV injection).
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const VN_OFFSET_MS = 7 * 3600 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');
/** dd/mm/yyyy HH:mm in Vietnam time (UTC+7, no daylight saving). */
export function vnDateTime(d: Date): string {
  const v = new Date(d.getTime() + VN_OFFSET_MS);
  return `${pad(v.getUTCDate())}/${pad(v.getUTCMonth() + 1)}/${v.getUTCFullYear()} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}`;
}

const EXCEL_FORMATS: Partial<Record<ColumnType, string>> = { int: '#,##0', vnd: '#,##0 "₫"', datetime: 'dd/mm/yyyy hh:mm' };

function cellValue<R>(c: Column<R>, row: R, format: ExportFormat): string | number | Date | null {
  const v = c.value(row);
  if (v === null || v === undefined) return null;
  if (c.type === 'datetime') {
    const d = v instanceof Date ? v : new Date(v);
    // Excel has no time zones: the cell holds the Vietnam wall-clock time.
    return format === 'xlsx' ? new Date(d.getTime() + VN_OFFSET_MS) : vnDateTime(d);
  }
  if (c.type === 'int' || c.type === 'vnd') return typeof v === 'number' ? v : Number(v);
  return neutralise(String(v));
}

/** Writes `rows` as a file of `format` into the returned stream (errors end the stream with the error). */
export function streamTable<R>(format: ExportFormat, sheetName: string, columns: readonly Column<R>[], rows: AsyncIterable<R>): Readable {
  const out = new PassThrough();
  void (async () => {
    if (format === 'csv') {
      const csv = stringify({ header: true, columns: columns.map((c) => c.header), bom: true });
      csv.pipe(out);
      for await (const row of rows) {
        // A client gone away: stop reading the database.
        if (out.destroyed) return;
        if (!csv.write(columns.map((c) => cellValue(c, row, 'csv') ?? ''))) await new Promise((r) => (csv.once('drain', r), out.once('close', r)));
      }
      csv.end();
      return;
    }
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 16, style: EXCEL_FORMATS[c.type] ? { numFmt: EXCEL_FORMATS[c.type] } : {} }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    for await (const row of rows) {
      if (out.destroyed) return;
      ws.addRow(columns.map((c) => cellValue(c, row, 'xlsx'))).commit();
    }
    ws.commit();
    await wb.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};
