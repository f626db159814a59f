import {
  ADMIN_PAGE_SIZE,
  STORAGE_KEYS,
  UPLOAD_MESSAGES,
  type AdminBookRowDto,
  type AdminCategoryDto,
  type AdminUserDto,
  type AuditEntryDto,
  type OutboxMailDto,
  type BookCreateInput,
  type BookDeleteResult,
  type BookDto,
  type BookImageDto,
  type BookStatus,
  type BookUpdateInput,
  type CategoryCreateForm,
  type DashboardDto,
  type MasterDto,
  type MasterKind,
  type MetaPage,
  type PageResult,
  type Role,
  type VatTreatment,
} from '@nhasach/shared';
import { storage } from '../lib/storage.ts';
import { API_BASE, ApiError, DEFAULT_ERROR_TEXT, RETRIED_HEADER, api, refreshAccessToken, unwrap } from './client.ts';

/** Back-office calls (spec section 7, Users and Admin catalogue); paths as the admin module serves them. */

export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  audit: (page: number, entityType?: string) => ['admin', 'audit', page, entityType ?? ''] as const,
  outbox: (page: number, to: string) => ['admin', 'outbox', page, to] as const,
  books: ['admin', 'books'] as const,
  bookList: (q: string, status: string, page: number) => ['admin', 'books', 'list', q, status, page] as const,
  book: (id: number) => ['admin', 'books', 'one', id] as const,
  users: ['admin', 'users'] as const,
  userList: (q: string, role: string, page: number) => ['admin', 'users', 'list', q, role, page] as const,
  categories: ['admin', 'categories'] as const,
  masters: (kind: MasterKind) => ['admin', 'masters', kind] as const,
  masterList: (kind: MasterKind, q: string, page: number, size: number) => ['admin', 'masters', kind, q, page, size] as const,
};

// ---- dashboard and audit
export const fetchDashboard = () => api.get<DashboardDto>('/api/v1/admin/dashboard');
export const fetchAudit = (page: number, size: number, entityType?: string) =>
  api.get<PageResult<AuditEntryDto>>('/api/v1/admin/audit', { page, size, entityType });

export const fetchOutbox = (page: number, size: number, to?: string) =>
  api.get<PageResult<OutboxMailDto>>('/api/v1/admin/mail-outbox', { page, size, to });

// ---- books
export interface AdminBookQuery {
  q?: string;
  status?: BookStatus | '';
  page: number;
  size?: number;
}
export const fetchAdminBooks = ({ q, status, page, size = ADMIN_PAGE_SIZE }: AdminBookQuery) =>
  api.get<PageResult<AdminBookRowDto>>('/api/v1/admin/books', { q, status, page, size });
export const fetchAdminBook = (id: number) => api.get<BookDto>(`/api/v1/admin/books/${id}`);
export const createBook = (body: BookCreateInput) => api.post<BookDto>('/api/v1/admin/books', body);
export const updateBook = (id: number, body: BookUpdateInput) => api.put<BookDto>(`/api/v1/admin/books/${id}`, body);
export const deleteBook = (id: number) => api.delete<BookDeleteResult>(`/api/v1/admin/books/${id}`);
export const reorderBookImages = (bookId: number, imageIds: number[]) =>
  api.put<BookImageDto[]>(`/api/v1/admin/books/${bookId}/images/order`, { imageIds });
export const removeBookImage = (bookId: number, imageId: number) => api.delete<BookImageDto[]>(`/api/v1/admin/books/${bookId}/images/${imageId}`);

// ---- users
export interface AdminUserQuery {
  q?: string;
  role?: Role | '';
  page: number;
  size?: number;
}
export const fetchAdminUsers = ({ q, role, page, size = ADMIN_PAGE_SIZE }: AdminUserQuery) =>
  api.get<MetaPage<AdminUserDto>>('/api/v1/users', { q, role, page, size, sort: 'id,desc' });
export const softDeleteUser = (id: number) => api.delete<AdminUserDto>(`/api/v1/users/${id}`);
export const hardDeleteUser = (id: number) => api.delete<{ id: number; deleted: true }>(`/api/v1/users/${id}/hard`);
export const setUserEnabled = (id: number, enabled: boolean) => api.put<AdminUserDto>(`/api/v1/admin/users/${id}/enable`, { enabled });
export const setUserRole = (id: number, role: Role) => api.put<AdminUserDto>(`/api/v1/admin/users/${id}/role`, { role });
export interface CreateStaffBody {
  username: string;
  email: string;
  password: string;
  fullName?: string | null;
  phone?: string | null;
  role: Role;
}
export const createStaff = (body: CreateStaffBody) => api.post<AdminUserDto>('/api/v1/admin/users', body);

// ---- categories
export const fetchAdminCategories = () => api.get<AdminCategoryDto[]>('/api/v1/admin/categories');
export const createCategory = (body: CategoryCreateForm) => api.post<AdminCategoryDto>('/api/v1/admin/categories', body);
export const updateCategory = (id: number, body: { name?: string; parentId?: number | null; slug?: string | null; vatTreatment?: VatTreatment }) =>
  api.put<AdminCategoryDto>(`/api/v1/admin/categories/${id}`, body);
export const deleteCategory = (id: number) => api.delete<{ id: number; deleted: true }>(`/api/v1/admin/categories/${id}`);

// ---- authors, publishers, suppliers
export interface MasterQuery {
  q?: string;
  page?: number;
  size?: number;
  sort?: 'newest' | 'name';
}
export const fetchMasters = (kind: MasterKind, { q, page = 0, size = ADMIN_PAGE_SIZE, sort = 'newest' }: MasterQuery = {}) =>
  api.get<PageResult<MasterDto>>(`/api/v1/admin/${kind}`, { q, page, size, sort });
export const createMaster = (kind: MasterKind, body: { name: string; slug?: string }) => api.post<MasterDto>(`/api/v1/admin/${kind}`, body);
export const updateMaster = (kind: MasterKind, id: number, body: { name?: string; slug?: string | null }) =>
  api.put<MasterDto>(`/api/v1/admin/${kind}/${id}`, body);
export const deleteMaster = (kind: MasterKind, id: number) => api.delete<{ id: number; deleted: true }>(`/api/v1/admin/${kind}/${id}`);

// ---------------------------------------------------------------------------------------------------------
// Image upload with progress. fetch() cannot report upload progress, so this one call uses XMLHttpRequest,
// with the same bearer token and the same single refresh-and-retry on 401 as the fetch client.

export interface UploadProgress {
  loaded: number;
  total: number;
}

function sendUpload(url: string, form: FormData, token: string | null, retried: boolean, onProgress?: (p: UploadProgress) => void, signal?: AbortSignal) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (retried) xhr.setRequestHeader(RETRIED_HEADER, '1');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.({ loaded: e.loaded, total: e.total });
    };
    xhr.onload = () => {
      let body: unknown = undefined;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = xhr.responseText;
      }
      resolve({ status: xhr.status, body });
    };
    // A network failure: no server text to show, the caller shows its own message.
    xhr.onerror = () => reject(new ApiError(DEFAULT_ERROR_TEXT, 0, undefined, undefined, undefined));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * POST /api/uploads/{bookId}/images, multipart field `file` repeated once per file. Reports progress of the
 * whole request; returns the images the server added. Throws ApiError with the server's message.
 */
export async function uploadBookImages(
  bookId: number,
  files: readonly File[],
  opts: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<BookImageDto[]> {
  if (files.length === 0) throw new ApiError(UPLOAD_MESSAGES.noFile, 400, undefined, undefined, undefined);
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const url = `${API_BASE}/api/uploads/${bookId}/images`;
  let res = await sendUpload(url, form, storage.get(STORAGE_KEYS.accessToken), false, opts.onProgress, opts.signal);
  if (res.status === 401) {
    const token = await refreshAccessToken();
    if (token) res = await sendUpload(url, form, token, true, opts.onProgress, opts.signal);
  }
  if (res.status < 200 || res.status >= 300) {
    const b = res.body && typeof res.body === 'object' ? (res.body as Record<string, unknown>) : undefined;
    const message = typeof b?.message === 'string' && b.message ? b.message : `${DEFAULT_ERROR_TEXT} (${res.status})`;
    throw new ApiError(message, res.status, typeof b?.error === 'string' ? b.error : undefined, b?.data, res.body);
  }
  return unwrap<BookImageDto[]>(res.body);
}
