import type {
  AdminContentPageDto,
  ContactMessageDto,
  ContactMessageInput,
  ContentPageDto,
  ContentPageUpdateInput,
  PageResult,
} from '@nhasach/shared';
import { api } from './client.ts';

/** Information pages and the contact form (content module). */

export const contentKeys = {
  page: (slug: string) => ['content', 'page', slug] as const,
  adminPages: ['admin', 'content', 'pages'] as const,
  contact: (status: string, page: number) => ['admin', 'content', 'contact', status, page] as const,
  contactAll: ['admin', 'content', 'contact'] as const,
};

/** GET /api/v1/pages/{slug}: title and cleaned HTML. */
export const fetchContentPage = (slug: string, signal?: AbortSignal) =>
  api.get<ContentPageDto>(`/api/v1/pages/${encodeURIComponent(slug)}`, undefined, { signal });

/** POST /api/v1/contact. */
export const sendContactMessage = (body: ContactMessageInput) => api.post<{ id: number }>('/api/v1/contact', body);

export const fetchAdminPages = (signal?: AbortSignal) => api.get<AdminContentPageDto[]>('/api/v1/admin/pages', undefined, { signal });

export const saveAdminPage = (slug: string, body: ContentPageUpdateInput) =>
  api.put<AdminContentPageDto>(`/api/v1/admin/pages/${encodeURIComponent(slug)}`, body);

export const previewMarkdown = (markdown: string) => api.post<{ html: string }>('/api/v1/admin/pages/preview', { markdown });

export const fetchContactMessages = (status: '' | 'NEW' | 'HANDLED', page: number, signal?: AbortSignal) =>
  api.get<PageResult<ContactMessageDto>>('/api/v1/admin/contact-messages', { page, size: 20, ...(status ? { status } : {}) }, { signal });

export const setContactHandled = (id: number, handled: boolean) =>
  api.patch<ContactMessageDto>(`/api/v1/admin/contact-messages/${id}`, { handled });
