import { generateCatalogue } from '../generate.ts';
await generateCatalogue({ adminUrl: 'postgres://postgres@127.0.0.1:5432/postgres', databaseUrl: 'postgres://postgres@127.0.0.1:5432/nhasach_bench_small', books: Number(process.argv[2] ?? 20000), force: process.argv[3] === 'force' });
