import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../test/s3-server.ts';

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
let s3: S3TestServer;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = mkdtempSync(path.join(tmpdir(), 'nhasach-migrate-'));
  const media = path.join(dataDir, 'media');
  mkdirSync(path.join(media, 'books', '7'), { recursive: true });
  mkdirSync(path.join(media, 'covers', '3'), { recursive: true });
  writeFileSync(path.join(media, 'books', '7', 'abc123-thumb.webp'), Buffer.from('thumb'));
  writeFileSync(path.join(media, 'books', '7', 'abc123-xlarge.webp'), Buffer.from('xlarge'));
  writeFileSync(path.join(media, 'covers', '3', 'v1-medium.webp'), Buffer.from('cover'));
  // Left over by an interrupted write: never copied.
  writeFileSync(path.join(media, 'books', '7', 'abc123-large.webp.1a2b.tmp'), Buffer.from('half'));
});
afterAll(async () => {
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const migrate = () =>
  run('npm', ['run', '--silent', 'media:migrate'], {
    cwd: serverDir,
    env: { ...process.env, ...s3.env, DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) },
  });

describe('npm run media:migrate', () => {
  it('copies the local files to the bucket and is safe to run twice', async () => {
    const first = await migrate();
    expect(first.stdout).toContain('3 copied, 0 already in the bucket, 1 ignored');
    expect(await s3.keys('')).toEqual(['books/7/abc123-thumb.webp', 'books/7/abc123-xlarge.webp', 'covers/3/v1-medium.webp']);
    const second = await migrate();
    expect(second.stdout).toContain('0 copied, 3 already in the bucket');
  });
});
