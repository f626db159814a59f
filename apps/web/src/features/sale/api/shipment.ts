import { STORAGE_KEYS, shipmentPath, type ShipmentDto } from '@nhasach/shared';
import { API_BASE, ApiError, api, refreshAccessToken } from '../../../api/client.ts';
import { storage } from '../../../lib/storage.ts';

/** POST: creates the order's shipment with the shop's carrier (an existing one is answered as it is). */
export const createShipment = (orderId: number) => api.post<ShipmentDto>(shipmentPath(orderId));

/**
 * Opens an API PDF (the shipment's label) in a new tab with the session's token, which a plain link would not send:
 * the tab opens at the click (a popup opened after an await is blocked), then shows the PDF fetched as a blob.
 * Without a tab (popups refused) the file is downloaded instead.
 */
export async function openPdf(path: string, fileName: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const get = (token: string | null) => fetch(`${API_BASE}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'include' });
    let res = await get(storage.get(STORAGE_KEYS.accessToken));
    if (res.status === 401) res = await get((await refreshAccessToken()) ?? null);
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: string; error?: string; data?: unknown } | null;
      throw new ApiError(body?.message || 'Không mở được nhãn vận đơn.', res.status, body?.error, body?.data, body);
    }
    const url = URL.createObjectURL(new Blob([await res.arrayBuffer()], { type: 'application/pdf' }));
    // The tab keeps the file for printing; the address is released once it had time to load.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    if (tab && !tab.closed) {
      tab.location.href = url;
      return;
    }
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
  } catch (err) {
    tab?.close();
    throw err;
  }
}
