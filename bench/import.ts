/**
 * Import time of 10,000 books from a CSV file (docs/performance.md, Bulk import): the built store with its demo data
 * (embedded database, or a fresh PostgreSQL database when TEST_DATABASE_URL is set), the admin uploading the file
 * (the dry run checks every row) then running the import; prints both times and the load average.
 *
 *   npm run build && node --conditions=@nhasach/source --import tsx bench/import.ts [--rows 10000]
 */
import { loadavg } from 'node:os';
import { stringify } from 'csv-stringify/sync';
import { IMPORT_COLUMNS, withIsbn13Checksum, type BookImportDto } from '../packages/shared/src/index.ts';
import { startStore, storeApi } from '../e2e/harness.ts';

const i = process.argv.indexOf('--rows');
const rows = i > 0 ? Number(process.argv[i + 1]) : 10_000;

const store = await startStore();
try {
  const { accessToken } = await storeApi<{ accessToken: string }>(store.baseUrl, '/api/v1/auth/login', { method: 'POST', body: { username: 'admin', password: 'Admin@123' } });
  const header = IMPORT_COLUMNS.map((c) => c.header);
  const data = Array.from({ length: rows }, (_, n) => {
    const cells: Record<string, string> = {
      isbn13: withIsbn13Checksum(`979${String(n).padStart(9, '0')}`),
      title: `Sách Đo Tốc Độ ${n}`,
      authors: `Tác Giả Đo ${n % 200}`,
      publisher: 'NXB Đo Tốc Độ',
      supplier: 'NCC Đo Tốc Độ',
      categories: `Danh Mục Đo ${n % 20}`,
      price: String(40_000 + (n % 300) * 1000),
      stock: String(n % 50),
    };
    return IMPORT_COLUMNS.map((c) => cells[c.key] ?? '');
  });
  const file = Buffer.from(stringify([header, ...data], { bom: true }));
  const form = new FormData();
  form.append('file', new Blob([file]), 'bench.csv');
  const t0 = performance.now();
  const res = await fetch(`${store.baseUrl}/api/v1/admin/imports/books?createMissing=true`, { method: 'POST', body: form, headers: { authorization: `Bearer ${accessToken}` } });
  const report = ((await res.json()) as { data: BookImportDto }).data;
  const t1 = performance.now();
  if (report.errorRows) throw new Error(`bench file has ${report.errorRows} bad rows`);
  await storeApi(store.baseUrl, `/api/v1/admin/imports/books/${report.id}/start`, { method: 'POST', token: accessToken, body: { mode: 'ALL_OR_NOTHING' } });
  let done: BookImportDto;
  for (;;) {
    done = await storeApi<BookImportDto>(store.baseUrl, `/api/v1/admin/imports/books/${report.id}`, { token: accessToken });
    if (done.status === 'DONE' || done.status === 'FAILED') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const t2 = performance.now();
  console.log(
    `import of ${rows} rows (${(file.length / 1024 / 1024).toFixed(1)} MB, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded database'}): ` +
      `dry run ${((t1 - t0) / 1000).toFixed(1)} s, import ${((t2 - t1) / 1000).toFixed(1)} s, total ${((t2 - t0) / 1000).toFixed(1)} s; ` +
      `${done.status} ${done.created} created; load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );
} finally {
  await store.stop();
}
