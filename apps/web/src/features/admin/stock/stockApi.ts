import type {
  AdminCategoryDto,
  SalesGroup,
  SalesReportDto,
  BookImportDto,
  ImportMode,
  BookStockDto,
  CountDto,
  CountLineDto,
  CountSummaryDto,
  ManualStockReason,
  PageResult,
  ReceiptDto,
  ReceiptSummaryDto,
  ReorderRowDto,
  StockMovementDto,
} from '@nhasach/shared';
import { api } from '../../../api/client.ts';

/** Calls of the stock room, /api/v1/admin/stock (ADMIN). */

const BASE = '/api/v1/admin/stock';

export const stockKeys = {
  all: ['admin', 'stock'] as const,
  book: (id: number) => ['admin', 'stock', 'book', id] as const,
  movements: (bookId: number | undefined, page: number) => ['admin', 'stock', 'movements', bookId ?? 0, page] as const,
  reorder: (q: string, page: number) => ['admin', 'stock', 'reorder', q, page] as const,
  receipts: (page: number) => ['admin', 'stock', 'receipts', page] as const,
  receipt: (id: number) => ['admin', 'stock', 'receipt', id] as const,
  counts: (page: number) => ['admin', 'stock', 'counts', page] as const,
  count: (id: number) => ['admin', 'stock', 'count', id] as const,
};

export const fetchBookStock = (id: number) => api.get<BookStockDto>(`${BASE}/books/${id}`);
export const fetchMovements = (q: { bookId?: number; page: number; size?: number }) =>
  api.get<PageResult<StockMovementDto>>(`${BASE}/movements`, { bookId: q.bookId, page: q.page, size: q.size ?? 50 });
export const recordMovement = (id: number, body: { reason: ManualStockReason; quantity: number; note?: string | null }) =>
  api.post<BookStockDto>(`${BASE}/books/${id}/movements`, body);
export const saveThreshold = (id: number, threshold: number | null) => api.put<BookStockDto>(`${BASE}/books/${id}/threshold`, { threshold });
export const fetchReorder = (q: string, page: number) => api.get<PageResult<ReorderRowDto>>(`${BASE}/reorder`, { q, page, size: 50 });

export const fetchReceipts = (page: number) => api.get<PageResult<ReceiptSummaryDto>>(`${BASE}/receipts`, { page, size: 20 });
export const fetchReceipt = (id: number) => api.get<ReceiptDto>(`${BASE}/receipts/${id}`);
export const createReceipt = (body: { supplierId?: number | null; supplierRef?: string | null; note?: string | null; lines?: { bookId: number; quantity: number; unitCost?: number }[] }) =>
  api.post<ReceiptDto>(`${BASE}/receipts`, body);
export const updateReceipt = (
  id: number,
  body: { supplierId?: number | null; supplierRef?: string | null; note?: string | null; lines?: { bookId: number; quantity: number; unitCost?: number }[] },
) => api.put<ReceiptDto>(`${BASE}/receipts/${id}`, body);
export const scanReceiptLine = (id: number, isbn13: string) => api.post<ReceiptDto>(`${BASE}/receipts/${id}/lines`, { isbn13 });
export const removeReceiptLine = (id: number, lineId: number) => api.delete<ReceiptDto>(`${BASE}/receipts/${id}/lines/${lineId}`);
export const deleteReceipt = (id: number) => api.delete<null>(`${BASE}/receipts/${id}`);
export const postReceipt = (id: number) => api.post<ReceiptDto>(`${BASE}/receipts/${id}/post`);

export const fetchCounts = (page: number) => api.get<PageResult<CountSummaryDto>>(`${BASE}/counts`, { page, size: 20 });
export const fetchCount = (id: number) => api.get<CountDto>(`${BASE}/counts/${id}`);
export const startCount = (categoryId: number | null, note?: string) => api.post<CountDto>(`${BASE}/counts`, { categoryId, note: note || null });
export const scanCount = (id: number, isbn13: string) => api.post<CountLineDto>(`${BASE}/counts/${id}/scan`, { isbn13 });
export const setCounted = (id: number, lines: { bookId: number; counted: number | null }[]) => api.put<CountDto>(`${BASE}/counts/${id}/lines`, { lines });
export const postCount = (id: number, uncountedAsZero: boolean) => api.post<CountDto>(`${BASE}/counts/${id}/post`, { uncountedAsZero });
export const cancelCount = (id: number) => api.post<CountDto>(`${BASE}/counts/${id}/cancel`);

/** Suppliers and categories for the pickers (the catalogue's own admin lists). */
export const fetchSuppliers = () => api.get<PageResult<{ id: number; name: string }>>('/api/v1/admin/suppliers', { size: 200, sort: 'name' });
export const fetchCategories = () => api.get<AdminCategoryDto[]>('/api/v1/admin/categories');

export const importKeys = { one: (id: number) => ['admin', 'imports', id] as const, list: ['admin', 'imports'] as const };
export const uploadImport = (file: File, createMissing: boolean) => {
  const form = new FormData();
  form.append('file', file);
  return api.post<BookImportDto>('/api/v1/admin/imports/books', form, { query: { createMissing } });
};
export const fetchImport = (id: number) => api.get<BookImportDto>(`/api/v1/admin/imports/books/${id}`);
export const fetchImports = () => api.get<BookImportDto[]>('/api/v1/admin/imports/books');
export const startImport = (id: number, mode: ImportMode) => api.post<BookImportDto>(`/api/v1/admin/imports/books/${id}/start`, { mode });

export const fetchSalesReport = (q: { groupBy: SalesGroup; from: string; to: string }) => api.get<SalesReportDto>('/api/v1/admin/reports/sales', q);
