import { STORAGE_KEYS } from '@nhasach/shared';
import { storage } from '../lib/storage.ts';
import { API_BASE, ApiError, refreshAccessToken } from './client.ts';

/**
 * A file of the API (a PDF, a spreadsheet) fetched with the session's token, which a plain link would not send; an
 * expired token is refreshed once. A refusal is thrown as the API's error, else `failMessage`.
 */
export async function fetchApiFile(path: string, failMessage: string): Promise<Response> {
  const get = (token: string | null) => fetch(`${API_BASE}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  let res = await get(storage.get(STORAGE_KEYS.accessToken));
  if (res.status === 401) res = await get((await refreshAccessToken()) ?? null);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string; error?: string; data?: unknown } | null;
    throw new ApiError(body?.message || failMessage, res.status, body?.error, body?.data, body);
  }
  return res;
}

/** Saves what an object URL holds under `fileName` (the browser's download). */
export function saveObjectUrl(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}
