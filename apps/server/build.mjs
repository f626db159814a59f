// `npm run build -w @nhasach/server`: the server and the shared package it imports, compiled to JavaScript
// (apps/server/dist, packages/shared/dist) for `npm start` and the Docker image, which run them with plain Node.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = fileURLToPath(new URL('.', import.meta.url));
const src = path.join(server, 'src');
const dist = path.join(server, 'dist');

// From empty folders: a source file moved or deleted leaves no stale module behind to be shipped or imported.
rmSync(dist, { recursive: true, force: true });
rmSync(path.join(server, '..', '..', 'packages', 'shared', 'dist'), { recursive: true, force: true });

// tsconfig.build.json: every .ts under src but the tests, and the shared package first (a project reference).
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '--build', path.join(server, 'tsconfig.build.json')], { stdio: 'inherit' });

// Files the server reads beside its own code (the SQL migrations, db/client.ts): copied to the same place in dist.
cpSync(src, dist, {
  recursive: true,
  filter: (from) => !from.endsWith('.ts') && !path.basename(from).includes('.test.'),
});
