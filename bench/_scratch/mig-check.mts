import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '/work/main/apps/server/src/db/client.ts';
const url = process.argv[2];
const d = await openDatabase(url ? { url } : { dataDir: 'memory://' });
const rows = await queryRows(d.db, sql`select f_search_norm('Đắc Nhân Tâm — Tái bản 2024!') a, f_search_norm('ĐƯỜNG XƯA MÂY TRẮNG ỷ ỹ ỵ ữ ự ằ ẳ ẵ ặ ầ ẩ ẫ ậ ề ể ễ ệ ồ ổ ỗ ộ ờ ở ỡ ợ') b, f_search_norm(${'Nha\u0300 Gia\u0309 Kim'}) c, to_tsvector('simple', 'dac nhan tam') d`);
console.log(d.kind, rows);
await d.close();
