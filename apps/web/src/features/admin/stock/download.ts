import { fetchApiFile, saveObjectUrl } from '../../../api/files.ts';

/** Downloads a file of the API with the session's token, saved under the name the server gives. */
export async function downloadFile(path: string): Promise<void> {
  const res = await fetchApiFile(path, 'Không tải được tệp.');
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'tep-xuat';
  const url = URL.createObjectURL(await res.blob());
  saveObjectUrl(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
