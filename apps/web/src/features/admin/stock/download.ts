import { STORAGE_KEYS } from '@nhasach/shared';
import { API_BASE, ApiError, refreshAccessToken } from '../../../api/client.ts';
import { storage } from '../../../lib/storage.ts';

/**
 * Downloads a file of the API with the session's token (a plain link would not send it): fetched as a blob, then
 * saved under the name the server gives. An expired token is refreshed once.
 */
export async function downloadFile(path: string): Promise<void> {
  const get = (token: string | null) => fetch(`${API_BASE}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  let res = await get(storage.get(STORAGE_KEYS.accessToken));
  if (res.status === 401) res = await get((await refreshAccessToken()) ?? null);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string; error?: string; data?: unknown } | null;
    throw new ApiError(body?.message || 'Không tải được tệp.', res.status, body?.error, body?.data, body);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'tep-xuat';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
