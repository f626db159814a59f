import { shipmentPath, type ShipmentDto } from '@nhasach/shared';
import { api } from '../../../api/client.ts';
import { fetchApiFile, saveObjectUrl } from '../../../api/files.ts';

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
    const res = await fetchApiFile(path, 'Không mở được nhãn vận đơn.');
    const url = URL.createObjectURL(new Blob([await res.arrayBuffer()], { type: 'application/pdf' }));
    // The tab keeps the file for printing; the address is released once it had time to load.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    if (tab && !tab.closed) {
      tab.location.href = url;
      return;
    }
    saveObjectUrl(url, fileName);
  } catch (err) {
    tab?.close();
    throw err;
  }
}
