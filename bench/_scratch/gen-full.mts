import { generateCatalogue } from '../generate.ts';
await generateCatalogue({ adminUrl: 'postgres://postgres@127.0.0.1:5432/postgres', databaseUrl: 'postgres://postgres@127.0.0.1:5432/nhasach_bench', books: 1_000_000, force: process.argv[2] === 'force' });
