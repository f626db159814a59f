import { z } from 'zod';

/**
 * Bulk import and update of books from CSV or Excel (docs/decisions.md, Stock room: imports). One row per book,
 * found by ISBN: a new ISBN creates the book, a known one updates it (blank cells leave a field unchanged).
 */

export const IMPORT_COLUMNS = [
  { key: 'isbn13', header: 'ISBN', example: '9786041000013', note: 'Bắt buộc. 13 chữ số, đúng checksum.' },
  { key: 'title', header: 'Tên sách', example: 'Truyện Kiều', note: 'Bắt buộc với sách mới.' },
  { key: 'authors', header: 'Tác giả', example: 'Nguyễn Du', note: 'Nhiều tác giả cách nhau bằng dấu phẩy.' },
  { key: 'publisher', header: 'Nhà xuất bản', example: 'NXB Văn Học', note: 'Theo tên.' },
  { key: 'supplier', header: 'Nhà cung cấp', example: 'Fahasa', note: 'Theo tên.' },
  { key: 'categories', header: 'Danh mục', example: 'Văn học', note: 'Nhiều danh mục cách nhau bằng dấu phẩy.' },
  { key: 'price', header: 'Giá bán', example: '120000', note: 'Bắt buộc với sách mới. Số nguyên, đồng.' },
  { key: 'salePrice', header: 'Giá khuyến mãi', example: '99000', note: 'Nhỏ hơn giá bán. 0: bỏ khuyến mãi.' },
  { key: 'saleStartAt', header: 'Khuyến mãi từ', example: '01/12/2026 00:00', note: 'dd/mm/yyyy hoặc dd/mm/yyyy hh:mm, giờ Việt Nam.' },
  { key: 'saleEndAt', header: 'Khuyến mãi đến', example: '31/12/2026 23:59', note: 'dd/mm/yyyy hoặc dd/mm/yyyy hh:mm, giờ Việt Nam.' },
  { key: 'status', header: 'Trạng thái', example: 'ACTIVE', note: 'ACTIVE, INACTIVE, DRAFT (hoặc Đang bán, Ngừng bán, Bản nháp).' },
  { key: 'pageCount', header: 'Số trang', example: '320', note: 'Số nguyên.' },
  { key: 'publicationYear', header: 'Năm xuất bản', example: '2024', note: 'Số nguyên.' },
  { key: 'stock', header: 'Tồn kho ban đầu', example: '50', note: 'Chỉ cho sách mới; sách đã có thay đổi kho qua phiếu nhập, kiểm kê.' },
  { key: 'description', header: 'Mô tả', example: 'Kiệt tác của văn học Việt Nam.', note: 'Văn bản.' },
] as const;
export type ImportColumnKey = (typeof IMPORT_COLUMNS)[number]['key'];
export type ImportRawRow = Partial<Record<ImportColumnKey, string>>;
/** A data row of the file: its row number (the header is row 1) and its cells as text. */
export interface ImportFileRow {
  row: number;
  cells: ImportRawRow;
}

export const IMPORT_LIMITS = { maxBytes: 10 * 1024 * 1024, maxRows: 20_000, storedErrors: 5_000 } as const;

export const IMPORT_MODES = ['VALID_ROWS', 'ALL_OR_NOTHING'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_MODE_LABELS: Record<ImportMode, string> = {
  VALID_ROWS: 'Nhập các dòng hợp lệ, bỏ qua dòng lỗi',
  ALL_OR_NOTHING: 'Chỉ nhập khi mọi dòng đều hợp lệ',
};

export const IMPORT_STATUSES = ['VALIDATED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  VALIDATED: 'Đã kiểm tra, chờ nhập',
  RUNNING: 'Đang nhập',
  DONE: 'Đã nhập xong',
  FAILED: 'Thất bại, không có dòng nào được áp dụng',
};

export const IMPORT_MESSAGES = {
  wrongType: 'Chỉ nhận tệp .xlsx hoặc .csv.',
  macro: 'Tệp có macro (.xlsm, .xls hoặc chứa VBA) không được nhận. Hãy lưu lại thành .xlsx.',
  tooLarge: `Tệp quá lớn (tối đa ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB).`,
  tooManyRows: `Tệp có quá nhiều dòng (tối đa ${IMPORT_LIMITS.maxRows.toLocaleString('vi-VN')} dòng).`,
  unreadable: 'Không đọc được tệp. Hãy kiểm tra định dạng (.xlsx hoặc .csv UTF-8).',
  noFile: 'Vui lòng chọn tệp cần nhập.',
  empty: 'Tệp không có dòng dữ liệu nào.',
  noIsbnColumn: 'Tệp thiếu cột ISBN.',
  notFound: 'Không tìm thấy lần nhập này.',
  notStartable: 'Lần nhập này không thể bắt đầu (đang chạy hoặc đã xong).',
  hasErrors: (n: number) => `Tệp còn ${n} dòng lỗi: chế độ "chỉ nhập khi mọi dòng đều hợp lệ" không nhập gì. Sửa tệp hoặc chọn nhập các dòng hợp lệ.`,
  interrupted: 'Lần nhập bị gián đoạn (máy chủ dừng giữa chừng): không có dòng nào được áp dụng. Có thể bắt đầu lại.',
  formula: 'Ô chứa công thức, không được nhận. Hãy dán giá trị.',
  duplicate: (row: number) => `ISBN trùng với dòng ${row}.`,
  required: (label: string) => `${label} là bắt buộc với sách mới.`,
  integer: (label: string) => `${label} phải là số nguyên.`,
  range: (label: string, min: number, max: number) => `${label} phải từ ${min.toLocaleString('vi-VN')} đến ${max.toLocaleString('vi-VN')}.`,
  date: (label: string) => `${label} phải có dạng dd/mm/yyyy hoặc dd/mm/yyyy hh:mm.`,
  status: 'Trạng thái phải là ACTIVE, INACTIVE hoặc DRAFT.',
  missingName: (kind: string, name: string) => `Không có ${kind} "${name}". Bật "tạo mới khi chưa có" để tạo.`,
  stockOfExisting: 'Sách đã có: tồn kho chỉ thay đổi qua phiếu nhập hoặc kiểm kê, hãy để trống ô này.',
  tooLong: (label: string, max: number) => `${label} tối đa ${max} ký tự.`,
} as const;

export interface ImportErrorDto {
  /** Row of the file (the header is row 1). */
  row: number;
  /** Header of the column, or null for the whole row. */
  column: string | null;
  message: string;
}

export interface BookImportDto {
  id: number;
  fileName: string;
  status: ImportStatus;
  mode: ImportMode | null;
  createMissing: boolean;
  totalRows: number;
  validRows: number;
  errorRows: number;
  toCreate: number;
  toUpdate: number;
  /** Rows applied so far (while RUNNING), then the rows applied. */
  processed: number;
  created: number;
  updated: number;
  errors: ImportErrorDto[];
  /** Why it failed (FAILED). */
  failure: string | null;
  createdBy: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export const importStartSchema = z.object({ mode: z.enum(IMPORT_MODES, { error: 'Chế độ nhập phải là VALID_ROWS hoặc ALL_OR_NOTHING.' }) });
export const importUploadQuery = z.object({
  createMissing: z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.enum(['true', 'false'], { error: 'createMissing phải là true hoặc false.' }).default('false')),
});
