import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { IMPORT_COLUMNS, IMPORT_LIMITS, IMPORT_MESSAGES, type ImportColumnKey, type ImportErrorDto, type ImportFileRow, type ImportRawRow } from '@nhasach/shared';
import { badRequest } from '../../../lib/errors.ts';

/**
 * Reads an uploaded file into rows of text by column key. Only .xlsx (a zip without VBA) and .csv (UTF-8, comma or
 * semicolon) are read; a macro workbook, an old .xls or anything else is refused whole. A cell holding a formula is
 * reported (its row and column) and never evaluated.
 */

export interface ParsedFile {
  rows: ImportFileRow[];
  /** Problems of single cells found while reading (formulas). */
  errors: ImportErrorDto[];
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

const norm = (s: string) => s.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');
const HEADERS = new Map<string, ImportColumnKey>(IMPORT_COLUMNS.flatMap((c) => [[norm(c.header), c.key] as const, [norm(c.key), c.key] as const]));
const HEADER_OF = new Map<ImportColumnKey, string>(IMPORT_COLUMNS.map((c) => [c.key, c.header]));
export const headerOf = (key: ImportColumnKey) => HEADER_OF.get(key) ?? key;

function keysOf(header: readonly string[]): (ImportColumnKey | undefined)[] {
  const keys = header.map((h) => HEADERS.get(norm(h)));
  if (!keys.includes('isbn13')) throw badRequest(IMPORT_MESSAGES.noIsbnColumn);
  return keys;
}

function checkRowCount(n: number) {
  if (n > IMPORT_LIMITS.maxRows) throw badRequest(IMPORT_MESSAGES.tooManyRows);
}

export async function parseImportFile(fileName: string, body: Buffer): Promise<ParsedFile> {
  const lower = fileName.toLowerCase();
  if (/\.(xlsm|xltm|xlsb|xls|xla|xlam)$/.test(lower) || body.subarray(0, 4).equals(OLE)) throw badRequest(IMPORT_MESSAGES.macro);
  if (lower.endsWith('.xlsx')) {
    if (!body.subarray(0, 4).equals(ZIP)) throw badRequest(IMPORT_MESSAGES.unreadable);
    // Zip entry names are stored as plain text: a workbook carrying VBA names xl/vbaProject.bin.
    if (body.includes('vbaProject.bin')) throw badRequest(IMPORT_MESSAGES.macro);
    return parseXlsx(body);
  }
  if (lower.endsWith('.csv')) {
    if (body.subarray(0, 4).equals(ZIP) || body.includes(0)) throw badRequest(IMPORT_MESSAGES.unreadable);
    return parseCsvFile(body);
  }
  throw badRequest(IMPORT_MESSAGES.wrongType);
}

function parseCsvFile(body: Buffer): ParsedFile {
  let records: string[][];
  try {
    const text = body.toString('utf8');
    const firstLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
    const delimiter = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
    records = parseCsv(body, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, to: IMPORT_LIMITS.maxRows + 2 });
  } catch {
    throw badRequest(IMPORT_MESSAGES.unreadable);
  }
  if (records.length < 2) throw badRequest(IMPORT_MESSAGES.empty);
  checkRowCount(records.length - 1);
  const keys = keysOf(records[0]!);
  const rows = records.slice(1).map((rec, i) => {
    const cells: ImportRawRow = {};
    keys.forEach((k, j) => {
      const v = rec[j]?.trim();
      if (k && v) cells[k] = v;
    });
    return { row: i + 2, cells };
  });
  return { rows, errors: [] };
}

type CellValue = ExcelJS.CellValue;

function cellText(v: CellValue): string | { formula: true } {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    // Excel has no time zones: the cell holds Vietnam wall-clock time.
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${pad(v.getUTCDate())}/${pad(v.getUTCMonth() + 1)}/${v.getUTCFullYear()} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}`;
  }
  if (typeof v === 'object') {
    if ('formula' in v || 'sharedFormula' in v) return { formula: true };
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('error' in v) return '';
    return '';
  }
  return String(v);
}

async function parseXlsx(body: Buffer): Promise<ParsedFile> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(body as unknown as ArrayBuffer);
  } catch {
    throw badRequest(IMPORT_MESSAGES.unreadable);
  }
  const ws = wb.worksheets[0];
  if (!ws || ws.actualRowCount < 2) throw badRequest(IMPORT_MESSAGES.empty);
  checkRowCount(ws.actualRowCount - 1);
  const header = (ws.getRow(1).values as CellValue[]).slice(1).map((v) => {
    const t = cellText(v);
    return typeof t === 'string' ? t : '';
  });
  const keys = keysOf(header);
  const rows: ImportFileRow[] = [];
  const errors: ImportErrorDto[] = [];
  ws.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    if (rowNumber === 1) return;
    const row: ImportRawRow = {};
    let any = false;
    keys.forEach((k, i) => {
      if (!k) return;
      const t = cellText(r.getCell(i + 1).value);
      if (typeof t !== 'string') {
        errors.push({ row: rowNumber, column: headerOf(k), message: IMPORT_MESSAGES.formula });
        any = true;
        return;
      }
      const v = t.trim();
      if (v) {
        row[k] = v;
        any = true;
      }
    });
    if (any) rows.push({ row: rowNumber, cells: row });
  });
  return { rows, errors };
}
